// The session: who is logged in, the route guards and logging out. Every feature reads it here.
export { requirePermission, requireUser } from './guards';
export {
  clearSession,
  ensureSession,
  sessionQueryOptions,
  setSessionFavourite,
  setSessionUser,
  useSession,
  type SessionUser,
} from './session';
export { LOGGED_OUT_MESSAGE, useLogout, useLogoutEverywhere } from './use-logout';
