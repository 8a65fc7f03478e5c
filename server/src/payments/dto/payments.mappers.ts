import { to12Hour } from '@pilates/dates';
import type { HeldBooking } from '../../reservations';
import type { DeskGiftCardSale } from '../desk-gift-cards.service';
import type { DeskSale } from '../desk-sales.service';
import type { DeskMethod, Payment } from '../entities/payment.entity';
import { paidWithBalanceOnly } from '../recorded-refunds.service';
import type { AdminPurchaseDto } from './admin-payments.dto';
import type { HeldClassDto, PurchaseDto } from './checkout.dto';
import type { DeskGiftCardReceiptDto, DeskReceiptDto } from './desk-sales.dto';

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

/**
 * What an admin may still refund: a Mercado Pago payment what it paid less its refunds; a desk sale
 * likewise (recorded, never sent to Mercado Pago); a plan paid wholly with the gift balance its
 * balance part, whole, while it is spent.
 */
function refundableCents(payment: Payment, paid: number): number {
  if (payment.status !== 'approved') return 0;
  if (paidWithBalanceOnly(payment)) return payment.balanceStatus === 'spent' ? payment.balanceCents : 0;
  return payment.providerPaymentId || payment.method !== 'mercado_pago' ? paid - payment.refundedCents : 0;
}

export const toAdminPurchaseDto = (payment: Payment): AdminPurchaseDto => {
  const paid = payment.paidCents ?? payment.totalCents;
  const refundable = refundableCents(payment, paid);
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
    method: payment.method,
    received: payment.receivedCents === null ? null : payment.receivedCents / 100,
    balance: payment.balanceCents / 100,
  };
};

export const toDeskReceiptDto = (sale: DeskSale): DeskReceiptDto => {
  const { payment } = sale;
  const received = payment.receivedCents ?? payment.totalCents;
  return {
    id: payment.id,
    soldAt: (payment.approvedAt ?? payment.createdAt).toISOString(),
    clientName: sale.client.name,
    clientEmail: sale.client.email,
    plan: payment.planName,
    classCount: sale.classCount,
    startDate: sale.plan.startDate,
    endDate: sale.plan.endDate,
    price: sale.listPriceCents / 100,
    code: sale.code,
    discount: payment.discountCents / 100,
    total: payment.totalCents / 100,
    method: payment.method as DeskMethod,
    received: received / 100,
    change: sale.changeCents / 100,
    mailed: sale.mailed,
  };
};

export const toDeskGiftCardReceiptDto = (sale: DeskGiftCardSale): DeskGiftCardReceiptDto => {
  const { card } = sale;
  return {
    id: card.id,
    soldAt: (card.approvedAt ?? card.createdAt).toISOString(),
    clientName: sale.client.name,
    clientEmail: sale.client.email,
    recipientName: card.recipientName,
    recipientEmail: card.recipientEmail,
    deliverOn: card.deliverOn,
    sent: card.sentAt !== null,
    amount: card.amountCents / 100,
    total: card.totalCents / 100,
    method: card.method as DeskMethod,
    received: (card.receivedCents ?? card.totalCents) / 100,
    change: sale.changeCents / 100,
    pageUrl: `/pilates/regalo/${card.pageToken}`,
    mailed: sale.mailed,
  };
};
