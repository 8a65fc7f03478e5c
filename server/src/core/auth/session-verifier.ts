import { Injectable } from '@nestjs/common';
import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { toDate } from '../database/column-types';
import { DirectReader } from '../database/direct-reader';
import type { Role } from './caller';
import { AuthenticatedRequest, SessionPayload } from './session';
import { SESSION_USER_SQL } from './session-user.sql';

/**
 * The columns of SESSION_USER_SQL the session check reads; the rest of the user's row travels as
 * `accountRow` for the account routes, which the auth module maps (@CurrentAccount()).
 */
type SessionUserRow = Readonly<Record<string, unknown>> & {
  id: number | string;
  role: Role;
  active: number | boolean | string;
  session_version: number | string;
  session_expires_at: string | Date;
};

/** How many checked tokens are remembered (the oldest goes first): about 3 MB at most. */
export const CHECKED_TOKENS = 10_000;

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
  /**
   * Tokens whose signature was checked, with what they say: a visitor sends the same cookie with
   * every request, and checking its signature again (jws, jwa, an HMAC) gives the same answer. Only
   * tokens that passed are kept; expiry, the session and the user are still checked every time.
   */
  private readonly checked = new Map<string, SessionPayload>();

  constructor(
    config: AppConfig,
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
    const payload = this.signedPayload(token);
    if (!payload) return false;
    const nowMs = this.clock.now().getTime();
    if (typeof payload.sid !== 'string' || typeof payload.exp !== 'number' || payload.exp * 1000 <= nowMs) {
      return false;
    }
    // One statement straight on the driver: TypeORM's query path and hydration cost more than the
    // read itself on the path every authenticated request takes.
    const [row] = await this.reader.all<SessionUserRow>(SESSION_USER_SQL, [payload.sid, payload.sub]);
    if (!row) return false;
    const active = Number(row.active) === 1 || row.active === true;
    const sessionVersion = Number(row.session_version);
    const expiresAt = toDate(row.session_expires_at);
    if (!active || sessionVersion !== payload.sv || expiresAt.getTime() <= nowMs) return false;
    return {
      user: { id: Number(row.id), role: row.role, sessionVersion },
      currentSession: { id: payload.sid, issuedAt: payload.iat ?? 0, expiresAt },
      accountRow: row,
    };
  }

  /** What a token says when its signature is ours (checked once per token), or undefined. */
  private signedPayload(token: string): SessionPayload | undefined {
    const known = this.checked.get(token);
    if (known) return known;
    let payload: SessionPayload;
    try {
      // jsonwebtoken itself with the prepared key (what JwtService.verify calls after merging its
      // options on every call). Expiry is checked by verify() against the injected Clock, which also signed it.
      const decoded = jwt.verify(token, this.key, { algorithms: ['HS256'], ignoreExpiration: true });
      if (typeof decoded !== 'object') return undefined;
      payload = decoded as unknown as SessionPayload;
    } catch {
      return undefined;
    }
    if (this.checked.size >= CHECKED_TOKENS) this.checked.delete(this.checked.keys().next().value!);
    this.checked.set(token, payload);
    return payload;
  }
}
