import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { AuthError, AuthErrorCode } from './auth.errors';

export const AUTH_THROTTLER = 'auth';

/**
 * AUTH_RATE_LIMIT requests per minute per IP on login, register, forgot-password and
 * reset-password together: the key leaves out the route, so the
 * four endpoints share one counter.
 */
@Injectable()
export class AuthRateLimitGuard extends ThrottlerGuard {
  protected override generateKey(_context: ExecutionContext, tracker: string, name: string): string {
    return `${name}:${tracker}`;
  }

  protected override throwThrottlingException(): Promise<void> {
    throw new AuthError(AuthErrorCode.TOO_MANY_ATTEMPTS);
  }
}
