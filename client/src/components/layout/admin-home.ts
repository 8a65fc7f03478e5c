import { can } from '@/lib/permissions';
import { STUDIO_PAGES } from './studio-pages';

/** Where the header's "Administrador" leads: the first studio page the role may open; none for a client. */
export function adminHome(user: { role?: string } | null): string | undefined {
  const role = user?.role;
  if (!role) return undefined;
  return STUDIO_PAGES.find((page) => can({ role }, page.permission))?.to;
}
