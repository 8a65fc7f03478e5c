// The admin's «Membresías» page (the membresias route).
export { AdminMemberships } from './components/admin-memberships';
export { membershipsSearchSchema, type MembershipsSearch } from './search';
