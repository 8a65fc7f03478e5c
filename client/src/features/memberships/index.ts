// Memberships (monthly subscriptions): Planes' group and dialog, Mis planes' card, the booking page's week.
export { MembershipPlans, subscribeAfterLoginHref } from './components/membership-plans';
export { membershipLimitLabel, RENEWAL_NOTE } from './format';
