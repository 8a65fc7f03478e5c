import { createHmac } from 'node:crypto';
import type { TestApp } from './test-app';
/**
 * Mercado Pago's HTTP API, simulated: the SDK calls the global fetch against
 * https://api.mercadopago.com, so the tests replace fetch for that host only.
 */
export interface FakePayment {
  id: string;
  status: string;
  status_detail?: string;
  external_reference: string;
  transaction_amount?: number;
  date_approved?: string | null;
  date_of_expiration?: string | null;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export class FakeMercadoPago {
  readonly requests: RecordedRequest[] = [];
  readonly payments = new Map<string, FakePayment>();
  /** When set, every call answers this status (a provider outage). */
  failWith: number | null = null;
  /** When set, calls never answer: the SDK's own timeout (AbortSignal) has to end them. */
  hang = false;
  private preferences = 0;
  private spy?: jest.SpyInstance;

  install(): this {
    const realFetch = globalThis.fetch;
    this.spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (url.hostname !== 'api.mercadopago.com') return realFetch(input, init);
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      this.requests.push({ method, path: url.pathname + url.search, body });
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
      const match = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
      if (method === 'GET' && match) {
        const payment = this.payments.get(match[1]);
        return payment ? answer(200, payment) : answer(404, { message: 'Payment not found' });
      }
      return answer(404, { message: 'not simulated' });
    });
    return this;
  }

  uninstall(): void {
    this.spy?.mockRestore();
  }

  /** A payment as Mercado Pago would report it. */
  setPayment(payment: FakePayment): void {
    this.payments.set(payment.id, payment);
  }

  preferenceBodies(): Record<string, unknown>[] {
    return this.requests
      .filter((r) => r.path.startsWith('/checkout/preferences'))
      .map((r) => r.body as Record<string, unknown>);
  }
}

/** Mercado Pago's notification, signed as documented: HMAC-SHA256 over id, request id and ts. */
export function notifyWebhook(t: TestApp, dataId: string, options: { secret: string; ts: number; requestId?: string }) {
  const requestId = options.requestId ?? `req-${dataId}-${Math.random()}`;
  const v1 = createHmac('sha256', options.secret)
    .update(`id:${dataId};request-id:${requestId};ts:${options.ts};`)
    .digest('hex');
  return t
    .http()
    .post(`/api/mercadopago/webhook?data.id=${dataId}&type=payment`)
    .set('x-signature', `ts=${options.ts},v1=${v1}`)
    .set('x-request-id', requestId)
    .send({ type: 'payment', action: 'payment.updated', data: { id: dataId } });
}
