import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { can, type Permission } from '@/lib/permissions';
import { ensureSession, type SessionUser } from './session';

/** A guest who opens a page of the nested group goes to /pilates/cuenta and comes back after logging in. */
export async function requireUser(queryClient: QueryClient, location: ParsedLocation): Promise<SessionUser> {
  const user = await ensureSession(queryClient);
  if (!user) throw redirect({ to: '/pilates/cuenta', search: { redirect: location.href } });
  return user;
}

/**
 * A logged-in user whose role lacks the page's permission goes to their own information (the server
 * refuses the page's calls anyway).
 */
export function requirePermission(user: SessionUser, permission: Permission): void {
  if (!can(user, permission)) throw redirect({ to: '/pilates/informacion' });
}
