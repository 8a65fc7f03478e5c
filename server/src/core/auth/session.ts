import type { CookieSerializeOptions } from '@fastify/cookie';
import type { User } from '../../auth/entities/user.entity';

export const SESSION_COOKIE = 'session';
/** A session lasts this long without use… */
export const SESSION_TTL_SECONDS = 14 * 24 * 3600;
/** …and is renewed on a request once its token is older than this. */
export const SESSION_RENEW_AFTER_SECONDS = 24 * 3600;

export interface SessionPayload {
  sub: number;
  /** The user's session_version when signed: bumping it ends every session. */
  sv: number;
  iat?: number;
}

/** What the auth guard puts on the request. */
export interface AuthenticatedRequest {
  user: User;
  sessionIssuedAt: number;
}

export const sessionCookieOptions = (secure: boolean): CookieSerializeOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure,
  path: '/',
  maxAge: SESSION_TTL_SECONDS,
});
