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
}
