import {
  Chargeback,
  Invoice,
  MercadoPagoConfig,
  MPNotFoundError,
  Payment,
  PaymentRefund,
  PreApproval,
  Preference,
} from 'mercadopago';
import type { PaymentResponse } from 'mercadopago/dist/clients/payment/commonTypes';
import { UPDATE_CARD_URL } from '../notifications';
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

const toProviderPayment = (payment: PaymentResponse): ProviderPayment => ({
  id: String(payment.id),
  status: payment.status ?? 'unknown',
  statusDetail: payment.status_detail ?? null,
  reference: payment.external_reference ?? null,
  amountMxn: payment.transaction_amount ?? null,
  currency: payment.currency_id ?? null,
  // Absent means we cannot tell: treat as not live, so production refuses it rather than grants.
  liveMode: payment.live_mode === true,
  refundedMxn: payment.transaction_amount_refunded ?? 0,
  approvedAt: payment.date_approved ? new Date(payment.date_approved) : null,
  expiresAt: payment.date_of_expiration ? new Date(payment.date_of_expiration) : null,
  paymentType: payment.payment_type_id ?? null,
});

/** `/v1/chargebacks/{id}` as documented; the SDK's type lists only some of its fields. */
interface ChargebackBody {
  id?: string | number;
  payments?: (string | number)[];
  payment_id?: string | number;
  coverage_applied?: boolean;
}

/** Mercado Pago through its official SDK (Checkout Pro). */
export class MercadoPagoGateway extends PaymentGateway {
  readonly simulated = false;

  constructor(private readonly accessToken: string) {
    super();
  }

  // A fresh config per call: the SDK writes request options into the config it was given, so options
  // given once would stick to every later call on a shared one.
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
            description: request.description,
            category_id: 'services',
            quantity: 1,
            unit_price: request.amountMxn,
            currency_id: 'MXN',
          },
        ],
        payer: { name: request.payer.name, email: request.payer.email },
        external_reference: request.reference,
        notification_url: request.notificationUrl,
        back_urls: request.backUrls,
        auto_return: 'approved',
        statement_descriptor: request.statementDescriptor,
        payment_methods: { installments: request.maxInstallments },
        expires: true,
        expiration_date_to: request.checkoutExpiresAt.toISOString(),
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

  async getChargeback(id: string): Promise<ProviderChargeback | null> {
    try {
      const body = (await new Chargeback(this.config()).get({ id })) as ChargebackBody;
      const ids = body.payments ?? (body.payment_id !== undefined ? [body.payment_id] : []);
      return {
        id: String(body.id ?? id),
        paymentIds: ids.map(String),
        coverageApplied: body.coverage_applied === true,
      };
    } catch (error) {
      if (error instanceof MPNotFoundError) return null;
      throw error;
    }
  }

  async refund(paymentId: string, amountMxn: number | undefined, idempotencyKey: string): Promise<void> {
    // This config is thrown away after the call, so the key cannot leak into later requests.
    await new PaymentRefund(this.config()).create({
      payment_id: paymentId,
      body: amountMxn === undefined ? {} : { amount: amountMxn },
      requestOptions: { idempotencyKey },
    });
  }

  async createSubscription(request: SubscriptionRequest): Promise<CheckoutPreference> {
    const subscription = await new PreApproval(this.config()).create({
      body: {
        reason: request.reason,
        external_reference: request.reference,
        payer_email: request.payerEmail,
        back_url: request.backUrl,
        auto_recurring: {
          frequency: 1,
          frequency_type: 'months',
          transaction_amount: request.amountMxn,
          currency_id: 'MXN',
        },
        // Pending: the client authorizes the card at init_point, and the first charge follows.
        status: 'pending',
      },
    });
    if (!subscription.id || !subscription.init_point) throw new Error('Mercado Pago no devolvió la suscripción');
    return { id: subscription.id, url: subscription.init_point };
  }

  async getSubscription(id: string): Promise<ProviderSubscription | null> {
    try {
      const found = await new PreApproval(this.config()).get({ id });
      return {
        id: String(found.id ?? id),
        status: found.status ?? 'unknown',
        reference: found.external_reference ?? null,
        amountMxn: found.auto_recurring?.transaction_amount ?? null,
        currency: found.auto_recurring?.currency_id ?? null,
        nextPaymentDate: found.next_payment_date ? new Date(found.next_payment_date) : null,
      };
    } catch (error) {
      if (error instanceof MPNotFoundError) return null;
      throw error;
    }
  }

  async updateSubscription(id: string, status: SubscriptionStatus): Promise<void> {
    await new PreApproval(this.config()).update({ id, body: { status } });
  }

  /** Mercado Pago's page of the buyer's subscriptions, where the card of each one is changed. */
  cardUpdateUrl(): string {
    return UPDATE_CARD_URL;
  }

  async getSubscriptionCharge(id: string): Promise<ProviderSubscriptionCharge | null> {
    try {
      // GET /authorized_payments/{id} (the SDK calls it an invoice).
      const charge = await new Invoice(this.config()).get({ id });
      return {
        id: String(charge.id ?? id),
        subscriptionId: charge.preapproval_id ?? null,
        status: charge.status ?? 'unknown',
        paymentId: charge.payment?.id !== undefined ? String(charge.payment.id) : null,
        paymentStatus: charge.payment?.status ?? null,
        reference: charge.external_reference ?? null,
        amountMxn: charge.transaction_amount ?? null,
        currency: charge.currency_id ?? null,
        retryAttempt: charge.retry_attempt ?? 0,
      };
    } catch (error) {
      if (error instanceof MPNotFoundError) return null;
      throw error;
    }
  }
}
