import { ApiError, ErrorCode } from '../errors/api-error';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Who makes a request: what guards, controllers and rules need of the logged-in user. */
export interface Caller {
  id: number;
  role: Role;
}

/** Own data, or an admin: anyone else is refused (403). */
export function assertOwnerOrAdmin(caller: Caller, ownerId: number): void {
  if (caller.id !== ownerId && caller.role !== 'admin') throw new ApiError(ErrorCode.FORBIDDEN);
}
