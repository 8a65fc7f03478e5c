import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { FastifyReply } from 'fastify';
import type { User } from '../../auth/entities/user.entity';
import { AppConfig } from '../config/app-config';
import { SESSION_COOKIE, SESSION_TTL_SECONDS, SessionPayload, sessionCookieOptions } from './session';

/** Signs session tokens and puts them in (or takes them out of) the httpOnly cookie. */
@Injectable()
export class SessionService {
  constructor(
    private readonly jwt: JwtService,
    private readonly config: AppConfig,
  ) {}

  async issue(reply: FastifyReply, user: User): Promise<void> {
    const payload: SessionPayload = { sub: user.id, sv: user.sessionVersion };
    const token = await this.jwt.signAsync(payload, { expiresIn: SESSION_TTL_SECONDS });
    void reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(this.config.isProduction));
  }

  clear(reply: FastifyReply): void {
    void reply.clearCookie(SESSION_COOKIE, { ...sessionCookieOptions(this.config.isProduction), maxAge: undefined });
  }
}
