import { Permission, ROLE_PERMISSIONS } from '@/api/generated/permissions';

export { Permission };

// Each role's permissions as a Set, worked out once: menus and guards ask on every render.
const granted: ReadonlyMap<string, ReadonlySet<Permission>> = new Map(
  Object.entries(ROLE_PERMISSIONS).map(([role, permissions]) => [role, new Set<Permission>(permissions)]),
);

/**
 * Whether the user's role holds the permission, by the server's own table (generated from it). For
 * showing and hiding only: the server checks every call itself.
 */
export function can(user: { role: string } | null | undefined, permission: Permission): boolean {
  return user ? (granted.get(user.role)?.has(permission) ?? false) : false;
}

/**
 * Whether the user teaches: the instructor role, whose account is linked to a profile (the server
 * checks the link on every call). For the menu's "Mi pago" and its page's guard.
 */
export function isInstructor(user: { role: string } | null | undefined): boolean {
  return user?.role === 'instructor';
}
