import {
  CheckoutPreference,
  CheckoutRequest,
  PaymentGateway,
  ProviderChargeback,
  ProviderPayment,
} from './payment-gateway';

/** The answers the simulated checkout offers ("Modo de prueba"). */
export const SIMULATED_RESULTS = ['approved', 'pending', 'rejected'] as const;
export type SimulatedResult = (typeof SIMULATED_RESULTS)[number];

/**
 * A stand-in for Mercado Pago when no MP_ACCESS_TOKEN is set outside production: preferences
 * point at the local test checkout page, and the payments it makes live in this process's memory.
 */
export class SimulatedGateway extends PaymentGateway {
  readonly simulated = true;
  private readonly preferences = new Map<string, CheckoutRequest>();
  private readonly payments = new Map<string, ProviderPayment>();
  private readonly refundKeys = new Set<string>();
  private sequence = Date.now();

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
}
