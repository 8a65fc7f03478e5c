import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Caller } from './caller';

export const SESSION_COOKIE = 'session';
/** A session lasts this long without use… */
export const SESSION_TTL_SECONDS = 14 * 24 * 3600;
/** …and is renewed on a request once its token is older than this… */
export const SESSION_RENEW_AFTER_SECONDS = 24 * 3600;
/** …but never past this long after the login (an absolute lifetime). */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

export interface SessionPayload {
  sub: number;
  /** The user's session_version when signed: bumping it ends every session. */
  sv: number;
  /** The `sessions` row: revoking it ends this session alone. */
  sid: string;
  iat?: number;
  exp?: number;
}

/** The session a request came with, as the auth guard found it. */
export interface CurrentSessionInfo {
  id: string;
  /** The token's iat, seconds. */
  issuedAt: number;
  /** The absolute end of the session. */
  expiresAt: Date;
}

/** The logged-in user as the session plumbing needs it: who, and the session_version its tokens carry. */
export type SessionUser = Caller & { sessionVersion: number };

/** What the auth guard puts on the request. */
export interface AuthenticatedRequest {
  user: SessionUser;
  currentSession: CurrentSessionInfo;
  /**
   * The caller's `users` row as the session check read it (column names as in the table): the auth
   * module maps it to the whole account for the account routes (@CurrentAccount()), so core needs no
   * feature's entity.
   */
  accountRow: Readonly<Record<string, unknown>>;
}

export const sessionCookieOptions = (secure: boolean, maxAgeSeconds = SESSION_TTL_SECONDS): CookieSerializeOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure,
  path: '/',
  maxAge: maxAgeSeconds,
});
