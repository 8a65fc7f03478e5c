// Memberships (monthly subscriptions): Planes' group and dialog, Mis planes' card and return, the booking page's week.
export { MembershipPlans, subscribeAfterLoginHref } from './components/membership-plans';
export { MyMembership } from './components/my-membership';
export { MembershipReturn } from './components/membership-return';
export { MembershipWeekLine, membershipCovers, useMembershipOfWeek } from './components/membership-week';
export { membershipLimitLabel, RENEWAL_NOTE } from './format';
