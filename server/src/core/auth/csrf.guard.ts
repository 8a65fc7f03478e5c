import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ApiError, ErrorCode } from '../errors/api-error';
import { SKIP_CSRF } from './auth.decorators';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'pilates-web';

/**
 * A state-changing request must carry `X-Requested-With: pilates-web`. Browsers
 * cannot send that header cross-site without a CORS preflight, which this server
 * never grants. Only routes marked @SkipCsrf() (the payment webhook) are exempt.
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (SAFE_METHODS.has(request.method)) return true;
    if (this.reflector.getAllAndOverride<boolean>(SKIP_CSRF, [context.getHandler(), context.getClass()])) return true;
    if (request.headers[CSRF_HEADER] === CSRF_HEADER_VALUE) return true;
    throw new ApiError(ErrorCode.CSRF_HEADER_MISSING);
  }
}
