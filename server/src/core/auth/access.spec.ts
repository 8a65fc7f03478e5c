import { ApiError, ErrorCode } from '../errors/api-error';
import { access, AccessPolicy } from './access';
import { ALL_PERMISSIONS, Permission, ROLE_PERMISSIONS } from './permissions';

const refusal = (check: () => void): string | undefined => {
  try {
    check();
    return undefined;
  } catch (error) {
    return error instanceof ApiError ? `${error.status} ${error.code}` : String(error);
  }
};

describe('AccessPolicy', () => {
  const client = { id: 1, role: 'user' };
  const admin = { id: 2, role: 'admin' };

  it('should let anyone act on their own data, and refuse a client (403 FORBIDDEN) on someone else’s', () => {
    expect(refusal(() => access.require(client, Permission.ReservationsManageOthers, { ownerId: 1 }))).toBeUndefined();
    expect(refusal(() => access.require(client, Permission.ReservationsManageOthers, { ownerId: 3 }))).toBe(
      `403 ${ErrorCode.FORBIDDEN}`,
    );
    expect(refusal(() => access.require(admin, Permission.ReservationsManageOthers, { ownerId: 3 }))).toBeUndefined();
  });

  it('should refuse a permission without ownership to a role that lacks it, whatever ids match', () => {
    expect(refusal(() => access.require(client, Permission.RosterRead))).toBe(`403 ${ErrorCode.FORBIDDEN}`);
    expect(refusal(() => access.require(admin, Permission.RosterRead))).toBeUndefined();
  });

  it("should give a new role exactly its table entry: others' data for its permission, nothing else", () => {
    const policy = new AccessPolicy({ ...ROLE_PERMISSIONS, recepcion: [Permission.WaitlistManageOthers] });
    const recepcion = { id: 5, role: 'recepcion' };
    for (const permission of ALL_PERMISSIONS) {
      const onOthers = refusal(() => policy.require(recepcion, permission, { ownerId: 9 }));
      expect({ permission, onOthers }).toEqual({
        permission,
        onOthers: permission === Permission.WaitlistManageOthers ? undefined : `403 ${ErrorCode.FORBIDDEN}`,
      });
      expect(refusal(() => policy.require(recepcion, permission, { ownerId: 5 }))).toBeUndefined();
    }
  });

  it('should hold nothing for a role missing from the table', () => {
    const unknown = { id: 5, role: 'desconocido' };
    expect(ALL_PERMISSIONS.filter((permission) => access.can(unknown, permission))).toEqual([]);
  });
});
