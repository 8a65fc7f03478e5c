import type { Mail, MailContext, Recipient } from '../mail';
import { emailChangedMail, type EmailChanged } from './account-email-changed';
import { passwordResetMail, type PasswordReset } from './account-password-reset';
import { accountWelcomeMail, type AccountWelcome } from './account-welcome';
import { classReminderMail, type ClassReminder } from './class-reminder';
import { composedMail, type ComposedMail } from './mail-composed';
import { paymentDeskReceiptMail, type PaymentDeskReceipt } from './payment-desk-receipt';
import { paymentReceiptMail, type PaymentReceipt } from './payment-receipt';
import {
  giftCardDeliveredMail,
  giftCardReceiptMail,
  giftCardRefundedMail,
  type GiftCardDelivered,
  type GiftCardReceipt,
  type GiftCardRefunded,
} from './gift-card';
import { paymentRefundedMail, type PaymentRefunded } from './payment-refunded';
import { introFollowupMail, type IntroFollowup } from './intro-followup';
import { planEndingMail, type PlanEnding } from './plan-ending';
import { reservationCancelledMail, type ReservationCancelled } from './reservation-cancelled';
import { membershipPausedMail, type MembershipPaused } from './membership-paused';
import { reservationChangedMail, type ReservationChanged } from './reservation-changed';
import { reservationConfirmedMail, type ReservationConfirmed } from './reservation-confirmed';
import { reservationForgivenMail, type ReservationForgiven } from './reservation-forgiven';
import { reservationReleasedMail, type ReservationReleased } from './reservation-released';
import { reservationSpotMovedMail, type ReservationSpotMoved } from './reservation-spot-moved';
import { waitlistClosedMail, type WaitlistClosed } from './waitlist-closed';
import { waitlistPromotedMail, type WaitlistPromoted } from './waitlist-promoted';
import { waitlistSkippedMail, type WaitlistSkipped } from './waitlist-skipped';
import { operationsAlertMail, type OperationsAlert } from './operations-alert';
import { membershipPastDueMail, type MembershipPastDue } from './membership-past-due';
import { arcoReceivedMail, arcoStudioNoticeMail, type ArcoReceived, type ArcoStudioNotice } from './arco-request';

/** Every domain event the studio notifies, by type, with its payload (stored as JSON in the outbox). */
export interface EventPayloads {
  'reservation.confirmed': ReservationConfirmed;
  'reservation.cancelled': ReservationCancelled;
  'reservation.changed': ReservationChanged;
  'reservation.released': ReservationReleased;
  'reservation.forgiven': ReservationForgiven;
  'reservation.spot_moved': ReservationSpotMoved;
  'class.reminder': ClassReminder;
  'waitlist.promoted': WaitlistPromoted;
  'waitlist.skipped': WaitlistSkipped;
  'waitlist.closed': WaitlistClosed;
  'plan.ending': PlanEnding;
  'intro.followup': IntroFollowup;
  'payment.receipt': PaymentReceipt;
  'payment.desk_receipt': PaymentDeskReceipt;
  'payment.refunded': PaymentRefunded;
  'gift_card.receipt': GiftCardReceipt;
  'gift_card.delivered': GiftCardDelivered;
  'gift_card.refunded': GiftCardRefunded;
  'account.welcome': AccountWelcome;
  'account.password-reset': PasswordReset;
  'account.email-changed': EmailChanged;
  'mail.composed': ComposedMail;
  'operations.alert': OperationsAlert;
  'membership.past_due': MembershipPastDue;
  'membership.paused': MembershipPaused;
  'arco.received': ArcoReceived;
  'arco.studio_notice': ArcoStudioNotice;
}

export type EventType = keyof EventPayloads;

/** One event to notify: its type, who it is for, and what happened. */
export type NotificationEvent<K extends EventType = EventType> = {
  [T in K]: { type: T; to: Recipient; payload: EventPayloads[T] };
}[K];

type EmailBuilder<K extends EventType> = (to: Recipient, payload: EventPayloads[K], context: MailContext) => Mail;

/** Each event's e-mail, beside its event (events/<event>.ts). A new event fails to compile until it has one. */
export const EMAIL_BUILDERS: { [K in EventType]: EmailBuilder<K> } = {
  'reservation.confirmed': reservationConfirmedMail,
  'reservation.cancelled': reservationCancelledMail,
  'reservation.changed': reservationChangedMail,
  'reservation.released': reservationReleasedMail,
  'reservation.forgiven': reservationForgivenMail,
  'reservation.spot_moved': reservationSpotMovedMail,
  'class.reminder': classReminderMail,
  'waitlist.promoted': waitlistPromotedMail,
  'waitlist.skipped': waitlistSkippedMail,
  'waitlist.closed': waitlistClosedMail,
  'plan.ending': planEndingMail,
  'intro.followup': introFollowupMail,
  'payment.receipt': paymentReceiptMail,
  'payment.desk_receipt': paymentDeskReceiptMail,
  'payment.refunded': paymentRefundedMail,
  'gift_card.receipt': giftCardReceiptMail,
  'gift_card.delivered': giftCardDeliveredMail,
  'gift_card.refunded': giftCardRefundedMail,
  'account.welcome': accountWelcomeMail,
  'account.password-reset': passwordResetMail,
  'account.email-changed': emailChangedMail,
  'mail.composed': composedMail,
  'operations.alert': operationsAlertMail,
  'membership.past_due': membershipPastDueMail,
  'membership.paused': membershipPausedMail,
  'arco.received': arcoReceivedMail,
  'arco.studio_notice': arcoStudioNoticeMail,
};

export const EVENT_TYPES = Object.keys(EMAIL_BUILDERS) as EventType[];

/** The event's e-mail, from its own builder. */
export function renderEmail(event: NotificationEvent, context: MailContext): Mail {
  // The builder of `event.type` takes that type's payload: TypeScript cannot pair the two through a union.
  const build = EMAIL_BUILDERS[event.type] as EmailBuilder<EventType> as (
    to: Recipient,
    payload: EventPayloads[EventType],
    context: MailContext,
  ) => Mail;
  return build(event.to, event.payload, context);
}

export type { BookedClass } from './booked-class';
export { DESK_METHOD_LABELS } from './payment-desk-receipt';
export { RESET_LINK_HOURS } from './account-password-reset';
export { WELCOME_LINK_DAYS } from './account-welcome';
