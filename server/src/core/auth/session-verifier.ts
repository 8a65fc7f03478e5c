import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createSecretKey, type KeyObject } from 'node:crypto';
import { toDate, userFromRow, type UserRow } from '../../auth/entities/user.entity';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { DirectReader } from '../database/direct-reader';
import { AuthenticatedRequest, SessionPayload } from './session';
import { SESSION_USER_SQL } from './session-user.sql';

type SessionUserRow = UserRow & { session_expires_at: string | Date };

/**
 * Checks a session cookie's token and re-reads the user and the session on every request, so a
 * deactivated user is out at once, a role change applies at once, and a revoked session
 * (logout, password change) is refused even when its cookie is replayed.
 */
@Injectable()
export class SessionVerifier {
  /**
   * A KeyObject, not the string: jsonwebtoken first tries a string as a PEM public key and throws
   * and catches on every call, which cost more than the rest of the request.
   */
  private readonly key: KeyObject;

  constructor(
    config: AppConfig,
    private readonly jwt: JwtService,
    private readonly reader: DirectReader,
    private readonly clock: Clock,
  ) {
    this.key = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
  }

  /**
   * The user and session a token names, or false when the token is not ours, has expired, or
   * names a revoked session or a user who is inactive or whose sessions were all ended. A
   * database that cannot answer throws.
   */
  async verify(token: string): Promise<AuthenticatedRequest | false> {
    let payload: SessionPayload;
    try {
      // Expiry is checked below against the injected Clock, which also signed it.
      payload = this.jwt.verify<SessionPayload>(token, {
        secret: this.key as unknown as string,
        algorithms: ['HS256'],
        ignoreExpiration: true,
      });
    } catch {
      return false;
    }
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
