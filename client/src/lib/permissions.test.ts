import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@/api/generated/permissions';
import { can, Permission } from './permissions';

describe('can', () => {
  const all = Object.values(Permission);

  it('should give an admin every permission and a client none, as the server grants them', () => {
    expect(all.filter((permission) => can({ role: 'admin' }, permission))).toEqual(all);
    expect(all.filter((permission) => can({ role: 'user' }, permission))).toEqual([]);
  });

  it('should answer from the generated table, role by role', () => {
    for (const [role, permissions] of Object.entries(ROLE_PERMISSIONS)) {
      expect(all.filter((permission) => can({ role }, permission))).toEqual(
        all.filter((permission) => (permissions as readonly string[]).includes(permission)),
      );
    }
  });

  it('should give a guest and a role the table does not know nothing', () => {
    expect(can(null, Permission.RosterRead)).toBe(false);
    expect(can(undefined, Permission.RosterRead)).toBe(false);
    expect(all.filter((permission) => can({ role: 'desconocido' }, permission))).toEqual([]);
  });
});
