import { to12Hour } from '@pilates/dates';
import type { HeldBooking } from '../../reservations';
import type { Payment } from '../entities/payment.entity';
import type { AdminPurchaseDto } from './admin-payments.dto';
import type { HeldClassDto, PurchaseDto } from './checkout.dto';

export const toHeldClassDto = (booked: HeldBooking): HeldClassDto => ({
  reservationId: booked.reservationId,
  date: booked.date,
  time: to12Hour(booked.startTime),
  spot: { id: booked.spotId, label: booked.spotLabel },
});

export const toPurchaseDto = (payment: Payment): PurchaseDto => ({
  id: payment.id,
  plan: payment.planName,
  // A payment that granted nothing (wrong amount, currency, test mode, duplicate) is never shown to
  // the client as an active plan: the studio reviews it (and refunds it) first.
  status: payment.issue && payment.status === 'approved' ? 'in_process' : payment.status,
  total: payment.totalCents / 100,
  expiresAt: payment.expiresAt ? payment.expiresAt.toISOString() : null,
  userPlanId: payment.userPlanId,
});

export const toAdminPurchaseDto = (payment: Payment): AdminPurchaseDto => {
  const paid = payment.paidCents ?? payment.totalCents;
  const refundable = payment.status === 'approved' && payment.providerPaymentId ? paid - payment.refundedCents : 0;
  return {
    id: payment.id,
    plan: payment.planName,
    status: payment.status,
    statusDetail: payment.statusDetail,
    total: payment.totalCents / 100,
    paid: payment.paidCents === null ? null : payment.paidCents / 100,
    refunded: payment.refundedCents / 100,
    refundable: Math.max(refundable, 0) / 100,
    issue: payment.issue,
    duplicateOf: payment.duplicateOf,
    providerPaymentId: payment.providerPaymentId,
    approvedAt: payment.approvedAt ? payment.approvedAt.toISOString() : null,
    userPlanId: payment.userPlanId,
  };
};
