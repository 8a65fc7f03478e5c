import {
  CheckoutPreference,
  CheckoutRequest,
  PaymentGateway,
  ProviderChargeback,
  ProviderPayment,
  ProviderSubscription,
  ProviderSubscriptionCharge,
  SubscriptionRequest,
  SubscriptionStatus,
} from './payment-gateway';

/** The answers the simulated checkout offers ("Modo de prueba"). */
export const SIMULATED_RESULTS = ['approved', 'pending', 'rejected'] as const;
export type SimulatedResult = (typeof SIMULATED_RESULTS)[number];

/** The answers the simulated subscription offers for a charge. */
export const SIMULATED_CHARGE_RESULTS = ['approved', 'rejected'] as const;
export type SimulatedChargeResult = (typeof SIMULATED_CHARGE_RESULTS)[number];

/** What Mercado Pago would notify: a topic (as its `type`) and the resource's id. */
export type SimulatedNotice = (
  type: 'subscription_preapproval' | 'subscription_authorized_payment',
  id: string,
) => Promise<void>;

/**
 * A stand-in for Mercado Pago when no MP_ACCESS_TOKEN is set outside production: preferences
 * point at the local test checkout page, and the payments it makes live in this process's memory.
 */
export class SimulatedGateway extends PaymentGateway {
  readonly simulated = true;
  private readonly preferences = new Map<string, CheckoutRequest>();
  private readonly payments = new Map<string, ProviderPayment>();
  private readonly refundKeys = new Set<string>();
  private readonly subscriptions = new Map<string, { request: SubscriptionRequest; state: ProviderSubscription }>();
  private readonly charges = new Map<string, ProviderSubscriptionCharge>();
  private sequence = Date.now();
  /** Set by the simulator: how a subscription's change is notified, as Mercado Pago would. */
  notice: SimulatedNotice | null = null;

  constructor(private readonly checkoutUrl: (reference: string) => string) {
    super();
  }

  async createPreference(request: CheckoutRequest): Promise<CheckoutPreference> {
    this.preferences.set(request.reference, request);
    return { id: `sim-${request.reference}`, url: this.checkoutUrl(request.reference) };
  }

  /** What the test checkout page shows for a reference, if a preference was made for it. */
  preference(reference: string): CheckoutRequest | undefined {
    return this.preferences.get(reference);
  }

  /** The visitor chose a result on the test checkout page: the provider now has that payment. */
  pay(reference: string, result: SimulatedResult, now: Date): ProviderPayment {
    const request = this.preferences.get(reference);
    if (!request) throw new Error(`no simulated preference ${reference}`);
    const payment: ProviderPayment = {
      id: String(++this.sequence),
      status: result,
      statusDetail:
        result === 'approved'
          ? 'accredited'
          : result === 'pending'
            ? 'pending_waiting_payment'
            : 'cc_rejected_other_reason',
      reference,
      amountMxn: request.amountMxn,
      currency: 'MXN',
      // Like a payment made with a test seller's credentials.
      liveMode: false,
      refundedMxn: 0,
      approvedAt: result === 'approved' ? now : null,
      expiresAt: result === 'pending' ? request.cashExpiresAt : null,
      // The simulated checkout pays by card (cash while pending, like OXXO).
      paymentType: result === 'pending' ? 'ticket' : 'credit_card',
    };
    this.payments.set(payment.id, payment);
    return payment;
  }

  async getPayment(id: string): Promise<ProviderPayment | null> {
    return this.payments.get(id) ?? null;
  }

  async getChargeback(): Promise<ProviderChargeback | null> {
    return null;
  }

  /** Refunds like Mercado Pago: once per idempotency key; a full refund turns the payment `refunded`. */
  async refund(paymentId: string, amountMxn: number | undefined, idempotencyKey: string): Promise<void> {
    if (this.refundKeys.has(idempotencyKey)) return;
    const payment = this.payments.get(paymentId);
    if (!payment || payment.status !== 'approved' || payment.amountMxn === null) {
      throw new Error(`simulated payment ${paymentId} cannot be refunded`);
    }
    this.refundKeys.add(idempotencyKey);
    const refunded =
      Math.round((payment.refundedMxn + (amountMxn ?? payment.amountMxn - payment.refundedMxn)) * 100) / 100;
    const full = refunded >= payment.amountMxn;
    this.payments.set(paymentId, {
      ...payment,
      refundedMxn: refunded,
      status: full ? 'refunded' : 'approved',
      statusDetail: full ? 'refunded' : 'partially_refunded',
    });
  }

  async findByReference(reference: string): Promise<ProviderPayment[]> {
    return [...this.payments.values()].filter((p) => p.reference === reference).reverse();
  }

  async createSubscription(request: SubscriptionRequest): Promise<CheckoutPreference> {
    const id = `sim-sub-${++this.sequence}`;
    this.subscriptions.set(request.reference, {
      request,
      state: {
        id,
        status: 'pending',
        reference: request.reference,
        amountMxn: request.amountMxn,
        currency: 'MXN',
        nextPaymentDate: null,
      },
    });
    return { id, url: this.checkoutUrl(request.reference) };
  }

  /** The subscription made for a reference, if any (the test page shows it). */
  subscription(reference: string): { request: SubscriptionRequest; state: ProviderSubscription } | undefined {
    return this.subscriptions.get(reference);
  }

  async getSubscription(id: string): Promise<ProviderSubscription | null> {
    for (const { state } of this.subscriptions.values()) if (state.id === id) return { ...state };
    return null;
  }

  async updateSubscription(id: string, status: SubscriptionStatus): Promise<void> {
    for (const entry of this.subscriptions.values()) {
      if (entry.state.id !== id) continue;
      if (entry.state.status === 'cancelled') throw new Error(`simulated subscription ${id} is cancelled`);
      entry.state = { ...entry.state, status };
      await this.notice?.('subscription_preapproval', id);
      return;
    }
    throw new Error(`no simulated subscription ${id}`);
  }

  /**
   * A charge of the subscription (the first when the tester authorizes the card, or "next month's"):
   * approved or rejected, as an authorized payment with its payment. The first approved charge
   * authorizes the subscription.
   */
  charge(reference: string, result: SimulatedChargeResult, now: Date): ProviderSubscriptionCharge {
    const entry = this.subscriptions.get(reference);
    if (!entry) throw new Error(`no simulated subscription ${reference}`);
    const payment = this.recordPayment(reference, entry.request.amountMxn, result, now);
    const charge: ProviderSubscriptionCharge = {
      id: String(++this.sequence),
      subscriptionId: entry.state.id,
      status: result === 'approved' ? 'processed' : 'recycling',
      paymentId: payment.id,
      paymentStatus: payment.status,
      reference,
      amountMxn: entry.request.amountMxn,
      currency: 'MXN',
      retryAttempt: 0,
    };
    this.charges.set(charge.id, charge);
    if (entry.state.status === 'pending' && result === 'approved') {
      entry.state = { ...entry.state, status: 'authorized' };
    }
    return charge;
  }

  /** The simulator's page of the subscription: "next month's charge" approved is the card fixed. */
  cardUpdateUrl(_subscriptionId: string, reference: string): string {
    return this.checkoutUrl(reference);
  }

  async getSubscriptionCharge(id: string): Promise<ProviderSubscriptionCharge | null> {
    const charge = this.charges.get(id);
    if (!charge) return null;
    // A refunded payment shows on its charge as Mercado Pago reports it.
    const payment = charge.paymentId ? this.payments.get(charge.paymentId) : undefined;
    return { ...charge, paymentStatus: payment?.status ?? charge.paymentStatus };
  }

  private recordPayment(reference: string, amountMxn: number, result: SimulatedChargeResult, now: Date) {
    const payment: ProviderPayment = {
      id: String(++this.sequence),
      status: result,
      statusDetail: result === 'approved' ? 'accredited' : 'cc_rejected_insufficient_amount',
      reference,
      amountMxn,
      currency: 'MXN',
      liveMode: false,
      refundedMxn: 0,
      approvedAt: result === 'approved' ? now : null,
      expiresAt: null,
    };
    this.payments.set(payment.id, payment);
    return payment;
  }
}
