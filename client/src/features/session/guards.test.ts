import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { Permission } from '@/lib/permissions';
import { requirePermission } from './guards';
import type { SessionUser } from './session';

const user = (role: SessionUser['role']): SessionUser => ({
  id: 3,
  name: 'Ana López',
  email: 'ana@example.com',
  phone: null,
  role,
  cumpleanos: '1990-05-17',
  favouriteSpot: null,
});

/** Where the guard sends the user: null when it lets them in. */
function redirectOf(check: () => void): string | null {
  try {
    check();
    return null;
  } catch (error) {
    if (!isRedirect(error)) throw error;
    return String(error.options.to);
  }
}

describe('requirePermission', () => {
  it("should send a client who opens a studio page to their own information, whatever the page's permission", () => {
    for (const permission of Object.values(Permission)) {
      expect({ permission, to: redirectOf(() => requirePermission(user('user'), permission)) }).toEqual({
        permission,
        to: '/pilates/informacion',
      });
    }
  });

  it('should let an admin into every studio page', () => {
    for (const permission of Object.values(Permission)) {
      expect({ permission, to: redirectOf(() => requirePermission(user('admin'), permission)) }).toEqual({
        permission,
        to: null,
      });
    }
  });
});
