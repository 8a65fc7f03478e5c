import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { getStorageToken, ThrottlerGuard, type ThrottlerStorage } from '@nestjs/throttler';
import { AppConfig } from '../core/config/app-config';
import { ArcoError, ArcoErrorCode } from './arco.errors';

export const ARCO_THROTTLER = 'arco';
const HOUR_MS = 60 * 60_000;

/**
 * ARCO_RATE_LIMIT requests an hour per IP on the public ARCO form. The same throttler as the auth
 * endpoints (AuthRateLimitGuard) with its own name and window, not the auth endpoints' options, on
 * the same counters in the database (the global ThrottlerModule's storage, auth_rate_limits), so
 * the limit holds across replicas and the hourly sweep deletes ended windows.
 */
@Injectable()
export class ArcoRateLimitGuard extends ThrottlerGuard {
  // Every parameter says its token: ThrottlerGuard's own (its options first) would otherwise be inherited.
  constructor(
    @Inject(AppConfig) config: AppConfig,
    @Inject(getStorageToken()) storage: ThrottlerStorage,
    @Inject(Reflector) reflector: Reflector,
  ) {
    super({ throttlers: [{ name: ARCO_THROTTLER, ttl: HOUR_MS, limit: config.arcoRateLimit }] }, storage, reflector);
  }

  protected override generateKey(_context: ExecutionContext, tracker: string, name: string): string {
    return `${name}:${tracker}`;
  }

  protected override throwThrottlingException(): Promise<void> {
    throw new ArcoError(ArcoErrorCode.ARCO_TOO_MANY_REQUESTS);
  }
}
