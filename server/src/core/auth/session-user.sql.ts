/**
 * The read behind every authenticated request: the caller's user row and their session row
 * together, by the token's session id and user id. Kept free of imports: the bench's bare
 * reference runs the same text.
 */
export const SESSION_USER_SQL =
  'SELECT u.*, s.expires_at AS session_expires_at FROM users u JOIN sessions s ON s.user_id = u.id ' +
  'WHERE s.id = ? AND u.id = ? AND s.revoked_at IS NULL';
