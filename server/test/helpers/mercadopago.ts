import { createHmac } from 'node:crypto';
import type { TestApp } from './test-app';
/**
 * Mercado Pago's HTTP API, simulated: the SDK calls the global fetch against
 * https://api.mercadopago.com, so the tests replace fetch for that host only. Shapes follow
 * Mercado Pago's API reference (payments, payment search, refunds, chargebacks).
 */
export interface FakePayment {
  id: string;
  status: string;
  status_detail?: string;
  external_reference: string;
  transaction_amount?: number;
  transaction_amount_refunded?: number;
  currency_id?: string;
  live_mode?: boolean;
  date_approved?: string | null;
  date_of_expiration?: string | null;
}

/** `GET /v1/chargebacks/{id}`. */
export interface FakeChargeback {
  id: string;
  payments: number[];
  amount: number;
  coverage_applied: boolean;
  coverage_eligible: boolean;
  documentation_required: boolean;
  documentation_status: string;
  currency: string;
  date_created: string;
}

/** `GET /preapproval/{id}`: a subscription. */
export interface FakePreapproval {
  id: string;
  status: string;
  external_reference: string;
  payer_email?: string;
  reason?: string;
  back_url?: string;
  init_point?: string;
  auto_recurring: { frequency: number; frequency_type: string; transaction_amount: number; currency_id: string };
  next_payment_date?: string;
}

/** `GET /authorized_payments/{id}`: one charge of a subscription. */
export interface FakeAuthorizedPayment {
  id: number;
  preapproval_id: string;
  external_reference: string;
  status: string;
  transaction_amount: number;
  currency_id: string;
  retry_attempt?: number;
  debit_date?: string;
  payment?: { id: number; status: string; status_detail: string };
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  idempotencyKey: string | null;
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const headerOf = (init: RequestInit | undefined, name: string): string | null => {
  const headers = new Headers(init?.headers);
  return headers.get(name);
};

export class FakeMercadoPago {
  readonly requests: RecordedRequest[] = [];
  readonly payments = new Map<string, FakePayment>();
  readonly chargebacks = new Map<string, FakeChargeback>();
  readonly preapprovals = new Map<string, FakePreapproval>();
  readonly authorizedPayments = new Map<string, FakeAuthorizedPayment>();
  private preapprovalSequence = 0;
  /** Refunds made, keyed by idempotency key (Mercado Pago answers a repeated key with the same refund). */
  readonly refunds = new Map<string, { id: number; payment_id: number; amount: number; status: string }>();
  /** When set, every call answers this status (a provider outage). */
  failWith: number | null = null;
  /** When set, calls never answer: the SDK's own timeout (AbortSignal) has to end them. */
  hang = false;
  private preferences = 0;
  private refundSequence = 5000;
  private spy?: jest.SpyInstance;

  install(): this {
    const realFetch = globalThis.fetch;
    this.spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (url.hostname !== 'api.mercadopago.com') return realFetch(input, init);
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const idempotencyKey = headerOf(init, 'x-idempotency-key');
      this.requests.push({ method, path: url.pathname + url.search, body, idempotencyKey });
      if (this.failWith) return answer(this.failWith, { message: 'internal_error' });
      if (this.hang) {
        return new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }
      if (method === 'POST' && url.pathname.replace(/\/$/, '') === '/checkout/preferences') {
        const id = `pref-${++this.preferences}`;
        return answer(201, { id, init_point: `https://www.mercadopago.com.mx/checkout/v1/redirect?pref_id=${id}` });
      }
      if (method === 'GET' && url.pathname === '/v1/payments/search') {
        const reference = url.searchParams.get('external_reference');
        const results = [...this.payments.values()].filter((p) => p.external_reference === reference).reverse();
        return answer(200, { results, paging: { total: results.length, limit: 30, offset: 0 } });
      }
      const refund = /^\/v1\/payments\/(\d+)\/refunds$/.exec(url.pathname);
      if (method === 'POST' && refund) return this.refund(refund[1], body as { amount?: number }, idempotencyKey);
      const payment = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
      if (method === 'GET' && payment) {
        const found = this.payments.get(payment[1]);
        return found ? answer(200, found) : answer(404, { message: 'Payment not found' });
      }
      if (method === 'POST' && url.pathname.replace(/\/$/, '') === '/preapproval') {
        const request = body as Omit<FakePreapproval, 'id' | 'init_point'>;
        const id = `2c9380848f${String(++this.preapprovalSequence).padStart(22, '0')}`;
        const created: FakePreapproval = {
          ...request,
          id,
          status: 'pending',
          init_point: `https://www.mercadopago.com.mx/subscriptions/checkout?preapproval_id=${id}`,
        };
        this.preapprovals.set(id, created);
        return answer(201, created);
      }
      const preapproval = /^\/preapproval\/([0-9a-z]+)$/.exec(url.pathname);
      if (preapproval) {
        const found = this.preapprovals.get(preapproval[1]);
        if (!found) return answer(404, { message: 'Preapproval not found' });
        if (method === 'PUT') {
          const changes = body as Partial<FakePreapproval>;
          this.preapprovals.set(found.id, { ...found, ...changes });
          return answer(200, this.preapprovals.get(found.id));
        }
        if (method === 'GET') return answer(200, found);
      }
      const authorized = /^\/authorized_payments\/(\d+)$/.exec(url.pathname);
      if (method === 'GET' && authorized) {
        const found = this.authorizedPayments.get(authorized[1]);
        return found ? answer(200, found) : answer(404, { message: 'Authorized payment not found' });
      }
      const chargeback = /^\/v1\/chargebacks\/(\d+)$/.exec(url.pathname);
      if (method === 'GET' && chargeback) {
        const found = this.chargebacks.get(chargeback[1]);
        return found ? answer(200, found) : answer(404, { message: 'Chargeback not found' });
      }
      return answer(404, { message: 'not simulated' });
    });
    return this;
  }

  uninstall(): void {
    this.spy?.mockRestore();
  }

  /** A payment as Mercado Pago would report it (MXN, live mode, nothing refunded unless told). */
  setPayment(payment: FakePayment): void {
    this.payments.set(payment.id, {
      currency_id: 'MXN',
      live_mode: true,
      transaction_amount_refunded: 0,
      ...payment,
    });
  }

  /** A charge of a subscription as Mercado Pago reports it (processed and approved unless told). */
  setAuthorizedPayment(charge: Partial<FakeAuthorizedPayment> & { id: number; preapproval_id: string }): void {
    const subscription = this.preapprovals.get(charge.preapproval_id);
    const approved = charge.status === undefined || charge.status === 'processed';
    this.authorizedPayments.set(String(charge.id), {
      external_reference: subscription?.external_reference ?? '',
      status: 'processed',
      transaction_amount: subscription?.auto_recurring.transaction_amount ?? 0,
      currency_id: 'MXN',
      retry_attempt: 0,
      payment: {
        id: charge.id + 1_000_000,
        status: approved ? 'approved' : 'rejected',
        status_detail: approved ? 'accredited' : 'cc_rejected_insufficient_amount',
      },
      ...charge,
    });
  }

  /** The subscription's status changed at Mercado Pago (the client authorized, paused, cancelled). */
  setPreapprovalStatus(id: string, status: string): void {
    const found = this.preapprovals.get(id);
    if (!found) throw new Error(`no preapproval ${id}`);
    this.preapprovals.set(id, { ...found, status });
  }

  setChargeback(chargeback: FakeChargeback): void {
    this.chargebacks.set(chargeback.id, chargeback);
  }

  preferenceBodies(): Record<string, unknown>[] {
    return this.requests
      .filter((r) => r.path.startsWith('/checkout/preferences'))
      .map((r) => r.body as Record<string, unknown>);
  }

  refundRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && /\/refunds$/.test(r.path));
  }

  /** POST /v1/payments/{id}/refunds: the whole rest without an amount; once per idempotency key. */
  private refund(paymentId: string, body: { amount?: number } | undefined, key: string | null): Response {
    const payment = this.payments.get(paymentId);
    if (!payment) return answer(404, { message: 'Payment not found' });
    const seen = key ? this.refunds.get(key) : undefined;
    if (seen) return answer(201, seen);
    const total = payment.transaction_amount ?? 0;
    const already = payment.transaction_amount_refunded ?? 0;
    const amount = body?.amount ?? Math.round((total - already) * 100) / 100;
    if (payment.status !== 'approved' || amount <= 0 || already + amount > total + 1e-9) {
      return answer(400, { message: 'Invalid refund amount', error: 'bad_request', status: 400 });
    }
    const refunded = Math.round((already + amount) * 100) / 100;
    const full = refunded >= total;
    this.payments.set(paymentId, {
      ...payment,
      transaction_amount_refunded: refunded,
      status: full ? 'refunded' : 'approved',
      status_detail: full ? 'refunded' : 'partially_refunded',
    });
    const made = { id: ++this.refundSequence, payment_id: Number(paymentId), amount, status: 'approved' };
    if (key) this.refunds.set(key, made);
    return answer(201, made);
  }
}

/** The webhook secret the checkout test apps sign with. */
export const MP_TEST_SECRET = 'mp-webhook-secret-for-tests';

/** A test app's env to sell plans through FakeMercadoPago in test mode, with a 4 % + $4 commission. */
export const CHECKOUT_ENV = {
  APP_URL: 'https://estudio.example',
  MP_ACCESS_TOKEN: 'TEST-access-token',
  MP_WEBHOOK_SECRET: MP_TEST_SECRET,
  PAYMENT_COMMISSION_PERCENT: '4',
  PAYMENT_COMMISSION_FIXED_MXN: '4',
};

/** A payment Mercado Pago approved for a purchase: Ocho Clases with its commission ($1,564) unless told. */
export const approvedPayment = (id: string, reference: string, at: Date, amount = 1564): FakePayment => ({
  id,
  status: 'approved',
  status_detail: 'accredited',
  external_reference: reference,
  transaction_amount: amount,
  date_approved: at.toISOString(),
});

/** What Mercado Pago posts to the notification URL, in the documented shape. */
export const notificationBody = (type: string, dataId: string, at: Date, action = `${type}.updated`) => ({
  action,
  api_version: 'v1',
  data: { id: dataId },
  date_created: at.toISOString(),
  id: 1_200_000_000 + Math.floor(Math.random() * 1_000_000),
  live_mode: true,
  type,
  user_id: 2_100_000_000,
});

/**
 * Mercado Pago's notification, signed as documented: HMAC-SHA256 over
 * `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`, with `data.id` and `type` in the query too.
 */
export function notifyWebhook(
  t: TestApp,
  dataId: string,
  options: { secret: string; ts: number; at: Date; requestId?: string; type?: string },
) {
  const requestId = options.requestId ?? `req-${dataId}-${Math.random()}`;
  const type = options.type ?? 'payment';
  const v1 = createHmac('sha256', options.secret)
    .update(`id:${dataId};request-id:${requestId};ts:${options.ts};`)
    .digest('hex');
  return t
    .http()
    .post(`/api/mercadopago/webhook?data.id=${dataId}&type=${type}`)
    .set('x-signature', `ts=${options.ts},v1=${v1}`)
    .set('x-request-id', requestId)
    .send(notificationBody(type, dataId, options.at));
}
