import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { ensureSession, type SessionUser } from './session';

/** A guest who opens a page of the nested group goes to /pilates/cuenta and comes back after logging in. */
export async function requireUser(queryClient: QueryClient, location: ParsedLocation): Promise<SessionUser> {
  const user = await ensureSession(queryClient);
  if (!user) throw redirect({ to: '/pilates/cuenta', search: { redirect: location.href } });
  return user;
}

/** A logged-in client who opens an admin page goes to their own information (the server refuses them anyway). */
export function requireAdmin(user: SessionUser): void {
  if (user.role !== 'admin') throw redirect({ to: '/pilates/informacion' });
}
