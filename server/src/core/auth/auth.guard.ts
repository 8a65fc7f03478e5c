import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard as PassportAuthGuard } from '@nestjs/passport';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role, User } from '../../auth/entities/user.entity';
import { SessionService } from './session.service';
import { Clock } from '../clock/clock';
import { ApiError, ErrorCode } from '../errors/api-error';
import { isDatabaseUnavailable } from '../errors/database-errors';
import { IS_PUBLIC, OPTIONAL_SESSION, ROLES } from './auth.decorators';
import { AuthenticatedRequest, CurrentSessionInfo, SESSION_COOKIE, SESSION_RENEW_AFTER_SECONDS } from './session';

type SessionRequest = FastifyRequest & { user?: AuthenticatedRequest | User; currentSession?: CurrentSessionInfo };

/**
 * Global guard. Fails closed: a route is open only when marked @Public();
 * every other route needs a valid session (401), and @Roles() restricts it
 * further (403). A session older than a day is renewed while it is used.
 */
@Injectable()
export class AuthGuard extends PassportAuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
    private readonly clock: Clock,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
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
    await super.canActivate(context);
    const http = context.switchToHttp();
    const request = http.getRequest<SessionRequest>();
    const { user, currentSession } = request.user as AuthenticatedRequest;
    // From here on `request.user` is the User itself (see @CurrentUser()), the session beside it.
    request.user = user;
    request.currentSession = currentSession;

    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, targets);
    if (roles && !roles.includes(user.role)) throw new ApiError(ErrorCode.FORBIDDEN);

    const ageSeconds = this.clock.now().getTime() / 1000 - currentSession.issuedAt;
    if (ageSeconds > SESSION_RENEW_AFTER_SECONDS) {
      await this.sessions.renew(http.getResponse<FastifyReply>(), user, currentSession);
    }
    return true;
  }

  override handleRequest<T>(error: unknown, result: T): T {
    // A database that cannot answer is not a logged-out user: the filter answers 503, and the
    // client keeps its session instead of sending the user to the login page.
    if (error && isDatabaseUnavailable(error)) throw error;
    if (error || !result) throw new ApiError(ErrorCode.UNAUTHENTICATED);
    return result;
  }
}
