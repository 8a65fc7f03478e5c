import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Clock } from '../clock/clock';
import { ApiError, ErrorCode } from '../errors/api-error';
import { isDatabaseUnavailable } from '../errors/database-errors';
import { AccessPolicy } from './access';
import { ALTERNATIVE_PERMISSION, IS_PUBLIC, OPTIONAL_SESSION, REQUIRED_PERMISSION } from './auth.decorators';
import type { Permission } from './permissions';
import { type AuthenticatedRequest, SESSION_COOKIE, SESSION_RENEW_AFTER_SECONDS } from './session';
import { SessionService } from './session.service';
import { SessionVerifier } from './session-verifier';

type SessionRequest = FastifyRequest & Partial<AuthenticatedRequest>;

/**
 * Global guard. Fails closed: a route is open only when marked @Public();
 * every other route needs a valid session (401), and @RequirePermission()
 * restricts it further to the roles holding that permission (403). A session
 * older than a day is renewed while it is used.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
    private readonly verifier: SessionVerifier,
    private readonly clock: Clock,
    private readonly access: AccessPolicy,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) {
      // An open page that shows more to a logged-in user: a guest (or a stale cookie) is simply a guest.
      const hasCookie = Boolean(context.switchToHttp().getRequest<FastifyRequest>().cookies?.[SESSION_COOKIE]);
      // No cookie, no work: building and throwing the refusal costs more than the guest's answer.
      if (hasCookie && this.reflector.getAllAndOverride<boolean>(OPTIONAL_SESSION, targets)) {
        await this.authenticate(context, targets).catch(() => undefined);
      }
      return true;
    }
    return this.authenticate(context, targets);
  }

  private async authenticate(
    context: ExecutionContext,
    targets: Parameters<Reflector['getAllAndOverride']>[1],
  ): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<SessionRequest>();
    const token = request.cookies?.[SESSION_COOKIE];
    // A database that cannot answer is not a logged-out user: verify() throws, the filter answers
    // 503, and the client keeps its session instead of sending the user to the login page.
    const found = token
      ? await this.verifier.verify(token).catch((error: unknown) => {
          if (isDatabaseUnavailable(error)) throw error;
          return false as const;
        })
      : false;
    if (!found) throw new ApiError(ErrorCode.UNAUTHENTICATED);
    const { user, currentSession, accountRow } = found;
    // `request.user` is the caller (see @CurrentUser()), the session and the account's row beside it.
    request.user = user;
    request.currentSession = currentSession;
    request.accountRow = accountRow;

    const permission = this.reflector.getAllAndOverride<Permission | undefined>(REQUIRED_PERMISSION, targets);
    // A door route also lets through the roles that teach: the service checks the class is theirs.
    const alternative = this.reflector.getAllAndOverride<Permission | undefined>(ALTERNATIVE_PERMISSION, targets);
    if (permission && !this.access.can(user, permission) && !(alternative && this.access.can(user, alternative))) {
      throw new ApiError(ErrorCode.FORBIDDEN);
    }

    const ageSeconds = this.clock.now().getTime() / 1000 - currentSession.issuedAt;
    if (ageSeconds > SESSION_RENEW_AFTER_SECONDS) {
      await this.sessions.renew(http.getResponse<FastifyReply>(), user, currentSession);
    }
    return true;
  }
}
