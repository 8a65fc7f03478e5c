import { PaymentNotification } from './payment-notification.entity';
import { Payment } from './payment.entity';
import { RefundRequest } from './refund-request.entity';
import { Membership } from './membership.entity';
import { MembershipCharge } from './membership-charge.entity';
import { MembershipPause } from './membership-pause.entity';

export { Payment, PaymentNotification, Membership, MembershipCharge, MembershipPause };
export { MEMBERSHIP_STATUSES, type MembershipStatus } from './membership.entity';
export { DESK_METHODS, PAYMENT_METHODS, type DeskMethod, type PaymentMethod } from './payment.entity';
export type { BalanceStatus } from './payment.entity';

/** The payments module's tables, for the app's schema (server/src/database/schema.ts). */
export const paymentsEntities = [
  Payment,
  PaymentNotification,
  RefundRequest,
  Membership,
  MembershipCharge,
  MembershipPause,
];
