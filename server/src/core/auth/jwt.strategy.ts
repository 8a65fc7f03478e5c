import { Injectable } from '@nestjs/common';
import { createSecretKey } from 'node:crypto';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { toDate, userFromRow, type UserRow } from '../../auth/entities/user.entity';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { DirectReader } from '../database/direct-reader';
import { SESSION_USER_SQL } from './session-user.sql';
import { AuthenticatedRequest, SESSION_COOKIE, SessionPayload } from './session';

const fromSessionCookie = (request: FastifyRequest): string | null => request.cookies?.[SESSION_COOKIE] ?? null;

type SessionUserRow = UserRow & { session_expires_at: string | Date };

/**
 * Reads the session cookie and re-reads the user and the session on every request, so a
 * deactivated user is out at once, a role change applies at once, and a revoked session
 * (logout, password change) is refused even when its cookie is replayed.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: AppConfig,
    private readonly reader: DirectReader,
    private readonly clock: Clock,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([fromSessionCookie]),
      // A KeyObject, not the string: jsonwebtoken first tries a string as a PEM public key and
      // throws and catches on every request, which cost more than the rest of the request.
      // passport-jwt hands it to jsonwebtoken untouched; its typings only list string | Buffer.
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')) as unknown as Buffer,
      algorithms: ['HS256'],
      // Checked below against the injected Clock, which also signed it.
      ignoreExpiration: true,
    });
  }

  async validate(payload: SessionPayload): Promise<AuthenticatedRequest | false> {
    const nowMs = this.clock.now().getTime();
    if (typeof payload.sid !== 'string' || typeof payload.exp !== 'number' || payload.exp * 1000 <= nowMs) {
      return false;
    }
    // One statement straight on the driver, mapped by hand (see userFromRow): TypeORM's query path
    // and hydration cost more than the read itself on the path every authenticated request takes.
    const rows = await this.reader.all<SessionUserRow>(SESSION_USER_SQL, [payload.sid, payload.sub]);
    if (!rows[0]) return false;
    const user = userFromRow(rows[0]);
    const expiresAt = toDate(rows[0].session_expires_at);
    if (!user.active || user.sessionVersion !== payload.sv || expiresAt.getTime() <= nowMs) return false;
    return { user, currentSession: { id: payload.sid, issuedAt: payload.iat ?? 0, expiresAt } };
  }
}
