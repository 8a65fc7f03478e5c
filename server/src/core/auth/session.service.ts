import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import type { Session } from './session.entity';
import { SessionsRepository } from './sessions.repository';
import {
  CurrentSessionInfo,
  SESSION_COOKIE,
  SESSION_MAX_AGE_SECONDS,
  SESSION_TTL_SECONDS,
  SessionPayload,
  type SessionUser,
  sessionCookieOptions,
} from './session';

/**
 * Starts, renews and ends sessions: a `sessions` row per login, named by the signed token in
 * the httpOnly cookie. Time comes from the Clock, also for the token's iat and exp.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly jwt: JwtService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly sessions: SessionsRepository,
  ) {}

  /** A new session after login or registration. */
  async start(reply: FastifyReply, user: SessionUser): Promise<void> {
    const now = this.clock.now();
    const session: Session = {
      id: randomBytes(18).toString('base64url'),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000),
      lastSeenAt: now,
      revokedAt: null,
    };
    // Rows past their end are kept for nobody: each login sweeps the user's own.
    await this.sessions.deleteEndedOf(user.id, now);
    await this.sessions.insert(session);
    await this.setCookie(reply, user, session.id, session.expiresAt);
  }

  /** A fresh token for the same session (sliding renewal), never past the session's absolute end. */
  async renew(reply: FastifyReply, user: SessionUser, session: CurrentSessionInfo): Promise<void> {
    await this.sessions.touch(session.id, this.clock.now());
    await this.setCookie(reply, user, session.id, session.expiresAt);
  }

  /**
   * Logout: revokes the session the cookie names, when its signature is ours (an expired or
   * already revoked one is fine), and clears the cookie.
   */
  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = request.cookies?.[SESSION_COOKIE];
    if (token) {
      const payload = await this.jwt
        .verifyAsync<SessionPayload>(token, { algorithms: ['HS256'], ignoreExpiration: true })
        .catch(() => null);
      if (payload && typeof payload.sid === 'string') {
        await this.sessions.revoke(payload.sid, this.clock.now());
      }
    }
    this.clear(reply);
  }

  /** Ends every session of the user, or every one but `exceptSessionId` (password change). */
  async revokeAll(userId: number, exceptSessionId?: string): Promise<void> {
    await this.sessions.revokeAllOf(userId, this.clock.now(), exceptSessionId);
  }

  clear(reply: FastifyReply): void {
    void reply.clearCookie(SESSION_COOKIE, { ...sessionCookieOptions(this.config.isProduction), maxAge: undefined });
  }

  private async setCookie(reply: FastifyReply, user: SessionUser, sessionId: string, expiresAt: Date): Promise<void> {
    const nowSeconds = Math.floor(this.clock.now().getTime() / 1000);
    const untilEnd = Math.floor(expiresAt.getTime() / 1000) - nowSeconds;
    const ttl = Math.max(1, Math.min(SESSION_TTL_SECONDS, untilEnd));
    const payload: SessionPayload = { sub: user.id, sv: user.sessionVersion, sid: sessionId, iat: nowSeconds };
    const token = await this.jwt.signAsync(payload, { expiresIn: ttl });
    void reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(this.config.isProduction, ttl));
  }
}
