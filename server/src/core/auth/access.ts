import { ApiError, ErrorCode } from '../errors/api-error';
import { Permission, ROLE_PERMISSIONS } from './permissions';

/** What an access check needs of a caller. */
export interface Grantee {
  readonly id: number;
  readonly role: string;
}

/** The resource a check is about: whose it is. */
export interface Ownership {
  readonly ownerId: number;
}

/**
 * The class a check is about: the account that teaches it (the user linked to the profile of its
 * instructor on that date, a substitute's when one teaches it), null when nobody's account does.
 */
export interface Teaching {
  readonly teacherId: number | null;
}

/**
 * Answers "may this caller do this" from a role table. Each role's permissions are a Set worked out
 * once, so the check on every request is one lookup. A role missing from the table holds nothing.
 */
export class AccessPolicy {
  private readonly granted: ReadonlyMap<string, ReadonlySet<Permission>>;

  constructor(table: Readonly<Record<string, readonly Permission[]>>) {
    this.granted = new Map(Object.entries(table).map(([role, permissions]) => [role, new Set(permissions)]));
  }

  /** Whether the caller's role holds the permission. */
  can(caller: Pick<Grantee, 'role'>, permission: Permission): boolean {
    return this.granted.get(caller.role)?.has(permission) ?? false;
  }

  /**
   * Refuses (403 FORBIDDEN) unless the caller holds the permission or, when the check is about
   * one's own data, owns it: own data passes, someone else's needs the permission. About a class
   * (`teacherId`), its teacher passes while their role may teach (ClassesTeach).
   */
  require(caller: Grantee, permission: Permission, resource?: Ownership | Teaching): void {
    if (resource && 'ownerId' in resource && resource.ownerId === caller.id) return;
    if (
      resource &&
      'teacherId' in resource &&
      resource.teacherId === caller.id &&
      this.can(caller, Permission.ClassesTeach)
    ) {
      return;
    }
    if (!this.can(caller, permission)) throw new ApiError(ErrorCode.FORBIDDEN);
  }
}

/** The studio's policy, from ROLE_PERMISSIONS: what the guard and the services' ownership checks use. */
export const access = new AccessPolicy(ROLE_PERMISSIONS);
