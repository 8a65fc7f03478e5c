import {
  type CheckoutPreference,
  type CheckoutRequest,
  PaymentGateway,
  type ProviderChargeback,
  type ProviderPayment,
  type ProviderSubscription,
  type ProviderSubscriptionCharge,
  type SubscriptionRequest,
  type SubscriptionStatus,
} from '../payments/payment-gateway';

/** A refund as the provider was asked for it. */
export interface RequestedRefund {
  paymentId: string;
  amountMxn: number | undefined;
  idempotencyKey: string;
}

/**
 * The payment provider as the payments rules see it: the test says what each provider payment is
 * (`approve`, `setPayment`), and the gateway records the preferences and refunds it was asked for.
 * Refunds behave as Mercado Pago's: one idempotency key refunds once, a full refund marks the
 * payment refunded, a partial one leaves it approved and partially refunded.
 */
export class FakePaymentGateway extends PaymentGateway {
  readonly simulated = true;
  readonly preferences: CheckoutRequest[] = [];
  readonly refunds: RequestedRefund[] = [];
  readonly payments = new Map<string, ProviderPayment>();
  readonly chargebacks = new Map<string, ProviderChargeback>();
  readonly subscriptionRequests: SubscriptionRequest[] = [];
  readonly subscriptions = new Map<string, ProviderSubscription>();
  readonly subscriptionCharges = new Map<string, ProviderSubscriptionCharge>();
  readonly subscriptionUpdates: { id: string; status: SubscriptionStatus }[] = [];
  /** When set, every call fails with it (the provider is down). */
  failWith: Error | null = null;
  private readonly appliedKeys = new Set<string>();

  cardUpdateUrl(subscriptionId: string): string {
    return `https://pagos.example/suscripciones/${subscriptionId}`;
  }

  /** An approved provider payment of `amountMxn` for one of our references. */
  approve(id: string, reference: string | null, amountMxn: number, changes: Partial<ProviderPayment> = {}) {
    return this.setPayment({
      id,
      status: 'approved',
      statusDetail: 'accredited',
      reference,
      amountMxn,
      currency: 'MXN',
      liveMode: true,
      refundedMxn: 0,
      approvedAt: new Date('2026-11-23T12:00:00.000Z'),
      expiresAt: null,
      ...changes,
    });
  }

  setPayment(payment: ProviderPayment): ProviderPayment {
    this.payments.set(payment.id, payment);
    return payment;
  }

  createPreference(request: CheckoutRequest): Promise<CheckoutPreference> {
    if (this.failWith) return Promise.reject(this.failWith);
    this.preferences.push(request);
    const id = `pref-${this.preferences.length}`;
    return Promise.resolve({ id, url: `https://pago.example/checkout?pref_id=${id}` });
  }

  getPayment(id: string): Promise<ProviderPayment | null> {
    if (this.failWith) return Promise.reject(this.failWith);
    const payment = this.payments.get(id);
    return Promise.resolve(payment ? { ...payment } : null);
  }

  findByReference(reference: string): Promise<ProviderPayment[]> {
    if (this.failWith) return Promise.reject(this.failWith);
    return Promise.resolve(
      [...this.payments.values()]
        .filter((p) => p.reference === reference)
        .reverse()
        .map((p) => ({ ...p })),
    );
  }

  getChargeback(id: string): Promise<ProviderChargeback | null> {
    if (this.failWith) return Promise.reject(this.failWith);
    return Promise.resolve(this.chargebacks.get(id) ?? null);
  }

  refund(paymentId: string, amountMxn: number | undefined, idempotencyKey: string): Promise<void> {
    if (this.failWith) return Promise.reject(this.failWith);
    this.refunds.push({ paymentId, amountMxn, idempotencyKey });
    const payment = this.payments.get(paymentId);
    if (!payment || payment.amountMxn === null) return Promise.reject(new Error(`no payment ${paymentId}`));
    if (this.appliedKeys.has(idempotencyKey)) return Promise.resolve();
    this.appliedKeys.add(idempotencyKey);
    const refunded = payment.refundedMxn + (amountMxn ?? payment.amountMxn - payment.refundedMxn);
    const whole = refunded >= payment.amountMxn;
    this.payments.set(paymentId, {
      ...payment,
      refundedMxn: refunded,
      status: whole ? 'refunded' : 'approved',
      statusDetail: whole ? 'refunded' : 'partially_refunded',
    });
    return Promise.resolve();
  }

  createSubscription(request: SubscriptionRequest): Promise<CheckoutPreference> {
    if (this.failWith) return Promise.reject(this.failWith);
    this.subscriptionRequests.push(request);
    const id = `sub-${this.subscriptionRequests.length}`;
    this.subscriptions.set(id, {
      id,
      status: 'pending',
      reference: request.reference,
      amountMxn: request.amountMxn,
      currency: 'MXN',
      nextPaymentDate: null,
    });
    return Promise.resolve({ id, url: `https://pago.example/subscriptions/checkout?preapproval_id=${id}` });
  }

  getSubscription(id: string): Promise<ProviderSubscription | null> {
    if (this.failWith) return Promise.reject(this.failWith);
    const found = this.subscriptions.get(id);
    return Promise.resolve(found ? { ...found } : null);
  }

  updateSubscription(id: string, status: SubscriptionStatus): Promise<void> {
    if (this.failWith) return Promise.reject(this.failWith);
    const found = this.subscriptions.get(id);
    if (!found) return Promise.reject(new Error(`no subscription ${id}`));
    this.subscriptionUpdates.push({ id, status });
    this.subscriptions.set(id, { ...found, status });
    return Promise.resolve();
  }

  getSubscriptionCharge(id: string): Promise<ProviderSubscriptionCharge | null> {
    if (this.failWith) return Promise.reject(this.failWith);
    const found = this.subscriptionCharges.get(id);
    return Promise.resolve(found ? { ...found } : null);
  }
}
