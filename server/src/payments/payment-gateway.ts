/** What we ask the payment provider to charge: one Checkout Pro preference. */
export interface CheckoutRequest {
  /** Our purchase's reference (`pilates-<uuid>`), sent as `external_reference`. */
  reference: string;
  /** The item's title and description, in Spanish: what the client sees in the checkout. */
  title: string;
  description: string;
  /** Total in pesos, commission included. */
  amountMxn: number;
  payer: { name: string; email: string };
  notificationUrl: string;
  backUrls: { success: string; pending: string; failure: string };
  /** What the card statement shows (≤ 22 characters). */
  statementDescriptor: string;
  /** The most installments (meses) offered; 1 = a single payment. */
  maxInstallments: number;
  /** The checkout link stops working at this instant. */
  checkoutExpiresAt: Date;
  /** Cash methods (OXXO) must be paid before this instant. */
  cashExpiresAt: Date;
}

export interface CheckoutPreference {
  id: string;
  /** Where the browser goes to pay. */
  url: string;
}

/** The provider's view of one payment; the only source of truth for its status. */
export interface ProviderPayment {
  id: string;
  status: string;
  statusDetail: string | null;
  reference: string | null;
  amountMxn: number | null;
  currency: string | null;
  /** False for payments made with test credentials. */
  liveMode: boolean;
  /** Refunded so far, in pesos. */
  refundedMxn: number;
  approvedAt: Date | null;
  expiresAt: Date | null;
  /** Mercado Pago's `payment_type_id` (credit_card, debit_card, ticket, bank_transfer, …): the invoice's payment form. */
  paymentType?: string | null;
}

/** A chargeback (contracargo): the card holder disputed these payments. */
export interface ProviderChargeback {
  id: string;
  paymentIds: string[];
  /** Mercado Pago's protection covers it: the studio keeps the money. */
  coverageApplied: boolean;
}

/** What we ask the provider to charge every month: one subscription (Mercado Pago's preapproval). */
export interface SubscriptionRequest {
  /** Our membership's reference (`pilates-<uuid>`), sent as `external_reference`. */
  reference: string;
  /** What the client sees in the checkout and on each charge, in Spanish. */
  reason: string;
  payerEmail: string;
  /** Each month's charge in pesos, commission included. */
  amountMxn: number;
  /** Where the browser comes back after authorizing the card. */
  backUrl: string;
}

export type SubscriptionStatus = 'authorized' | 'paused' | 'cancelled';

/** The provider's view of one subscription. */
export interface ProviderSubscription {
  id: string;
  /** pending (card not authorized yet), authorized, paused, cancelled. */
  status: string;
  reference: string | null;
  amountMxn: number | null;
  currency: string | null;
  nextPaymentDate: Date | null;
}

/** One monthly charge of a subscription (Mercado Pago's authorized payment), as its API reports it. */
export interface ProviderSubscriptionCharge {
  id: string;
  subscriptionId: string | null;
  /** scheduled, processed, recycling (failed, being retried), cancelled. */
  status: string;
  /** Its payment: approved, rejected, refunded, … (null while none was attempted). */
  paymentId: string | null;
  paymentStatus: string | null;
  reference: string | null;
  amountMxn: number | null;
  currency: string | null;
  retryAttempt: number;
}

/**
 * The payment provider behind one interface: Mercado Pago's SDK in production, a simulated
 * checkout in development and tests (no Mercado Pago account needed).
 */
export abstract class PaymentGateway {
  abstract readonly simulated: boolean;
  abstract createPreference(request: CheckoutRequest): Promise<CheckoutPreference>;
  abstract getPayment(id: string): Promise<ProviderPayment | null>;
  /** The provider's payments for one of our references, newest first. */
  abstract findByReference(reference: string): Promise<ProviderPayment[]>;
  abstract getChargeback(id: string): Promise<ProviderChargeback | null>;
  /**
   * Refunds a payment, in full (no amount) or in part. The idempotency key makes a repeated
   * request (a double click, a retry) refund once.
   */
  abstract refund(paymentId: string, amountMxn: number | undefined, idempotencyKey: string): Promise<void>;
  /** Creates a monthly subscription in MXN; answers its id and where the browser authorizes the card. */
  abstract createSubscription(request: SubscriptionRequest): Promise<CheckoutPreference>;
  abstract getSubscription(id: string): Promise<ProviderSubscription | null>;
  /** Pauses, resumes or cancels a subscription (Mercado Pago confirms it with a notification). */
  abstract updateSubscription(id: string, status: SubscriptionStatus): Promise<void>;
  abstract getSubscriptionCharge(id: string): Promise<ProviderSubscriptionCharge | null>;
  /** Where a subscriber whose charge failed changes the card (Mercado Pago's page, or the simulator's). */
  abstract cardUpdateUrl(subscriptionId: string, reference: string): string;
}
