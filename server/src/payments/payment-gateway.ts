/** What we ask the payment provider to charge: one Checkout Pro preference. */
export interface CheckoutRequest {
  /** Our payment id, sent as `external_reference`. */
  reference: string;
  title: string;
  /** Total in pesos, commission included. */
  amountMxn: number;
  payerEmail: string;
  notificationUrl: string;
  backUrls: { success: string; pending: string; failure: string };
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
  approvedAt: Date | null;
  expiresAt: Date | null;
}

/**
 * The payment provider behind one interface: Mercado Pago's SDK in production, a simulated
 * checkout in development and tests (product-decisions §5).
 */
export abstract class PaymentGateway {
  abstract readonly simulated: boolean;
  abstract createPreference(request: CheckoutRequest): Promise<CheckoutPreference>;
  abstract getPayment(id: string): Promise<ProviderPayment | null>;
  /** The provider's payments for one of our references, newest first. */
  abstract findByReference(reference: string): Promise<ProviderPayment[]>;
}
