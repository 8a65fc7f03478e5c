import { MercadoPagoConfig, MPNotFoundError, Payment, Preference } from 'mercadopago';
import type { PaymentResponse } from 'mercadopago/dist/clients/payment/commonTypes';
import { CheckoutPreference, CheckoutRequest, PaymentGateway, ProviderPayment } from './payment-gateway';

const toProviderPayment = (payment: PaymentResponse): ProviderPayment => ({
  id: String(payment.id),
  status: payment.status ?? 'unknown',
  statusDetail: payment.status_detail ?? null,
  reference: payment.external_reference ?? null,
  amountMxn: payment.transaction_amount ?? null,
  approvedAt: payment.date_approved ? new Date(payment.date_approved) : null,
  expiresAt: payment.date_of_expiration ? new Date(payment.date_of_expiration) : null,
});

/** Mercado Pago through its official SDK (Checkout Pro). */
export class MercadoPagoGateway extends PaymentGateway {
  readonly simulated = false;

  constructor(private readonly accessToken: string) {
    super();
  }

  // A fresh config per call: request options given once would stick to a shared one (SDK issue 481).
  private config(): MercadoPagoConfig {
    return new MercadoPagoConfig({ accessToken: this.accessToken, options: { timeout: 8_000, maxRetries: 1 } });
  }

  async createPreference(request: CheckoutRequest): Promise<CheckoutPreference> {
    const preference = await new Preference(this.config()).create({
      body: {
        items: [
          {
            id: request.reference,
            title: request.title,
            quantity: 1,
            unit_price: request.amountMxn,
            currency_id: 'MXN',
          },
        ],
        payer: { email: request.payerEmail },
        external_reference: request.reference,
        notification_url: request.notificationUrl,
        back_urls: request.backUrls,
        auto_return: 'approved',
        date_of_expiration: request.cashExpiresAt.toISOString(),
      },
    });
    if (!preference.id || !preference.init_point) throw new Error('Mercado Pago no devolvió la preferencia');
    return { id: preference.id, url: preference.init_point };
  }

  async getPayment(id: string): Promise<ProviderPayment | null> {
    try {
      return toProviderPayment(await new Payment(this.config()).get({ id }));
    } catch (error) {
      // Not a payment of this account (or a test notification): nothing to apply.
      if (error instanceof MPNotFoundError) return null;
      throw error;
    }
  }

  async findByReference(reference: string): Promise<ProviderPayment[]> {
    const found = await new Payment(this.config()).search({
      options: { external_reference: reference, sort: 'date_created', criteria: 'desc' },
    });
    return (found.results ?? []).map((p) => toProviderPayment(p as PaymentResponse));
  }
}
