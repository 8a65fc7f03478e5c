import type { Role } from './permissions';

export { ROLES, type Role } from './permissions';

/** Who makes a request: what guards, controllers and rules need of the logged-in user. */
export interface Caller {
  id: number;
  role: Role;
}
