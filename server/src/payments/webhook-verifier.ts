import { Injectable, Logger } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Clock } from '../core/clock/clock';
import { AppConfig } from '../core/config/app-config';
import { PaymentError, PaymentErrorCode } from './payments.errors';

/**
 * How far `ts` may be from now. Mercado Pago retries about every 15 minutes and every payment is
 * re-read from its API, so an old (or replayed) notification is harmless; a tight window only
 * refuses real ones.
 */
export const WEBHOOK_TOLERANCE_MS = 60 * 60_000;

/** Why a notification was refused: logged, never answered in detail. */
export type SignatureRefusal =
  'missing_signature' | 'malformed_signature' | 'signature_mismatch' | 'timestamp_out_of_tolerance';

/** `ts` over 1e11 is in milliseconds (the docs' `1742505638683`); below, in seconds (SDK 3.6.1's idea). */
export const timestampMs = (ts: string): number => (Number(ts) > 1e11 ? Number(ts) : Number(ts) * 1000);

/**
 * The manifest Mercado Pago signs: `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`, each part
 * left out when its value did not come (as its docs say); an alphanumeric data.id in lower case.
 */
export const signatureManifest = (dataId: string | undefined, requestId: string | undefined, ts: string): string =>
  (dataId ? `id:${dataId.toLowerCase()};` : '') + (requestId ? `request-id:${requestId};` : '') + `ts:${ts};`;

/**
 * Mercado Pago's `x-signature` check (`ts=…,v1=…`), done here rather than with SDK 3.6.1's
 * validator, which reads `ts` as seconds and so refuses the millisecond `ts` Mercado Pago sends.
 */
@Injectable()
export class WebhookVerifier {
  private readonly logger = new Logger('PaymentWebhook');

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** MP_WEBHOOK_SECRET; outside production without one, a secret derived from JWT_SECRET for the simulated checkout. */
  get secret(): string {
    return (
      this.config.mercadoPagoWebhookSecret ??
      createHmac('sha256', this.config.jwtSecret).update('simulated-mercadopago-webhook').digest('hex')
    );
  }

  /** Throws INVALID_SIGNATURE (401) and logs why; the secret and the header are never logged. */
  verify(signature: string | undefined, requestId: string | undefined, dataId: string | undefined): void {
    const refusal = this.check(signature?.trim(), requestId?.trim() || undefined, dataId?.trim() || undefined);
    if (!refusal) return;
    this.logger.warn(
      `Notificación rechazada (${refusal}): data.id=${JSON.stringify(dataId ?? null).slice(0, 60)}, x-request-id=${JSON.stringify(requestId ?? null).slice(0, 80)}`,
    );
    throw new PaymentError(PaymentErrorCode.INVALID_SIGNATURE);
  }

  private check(
    signature: string | undefined,
    requestId: string | undefined,
    dataId: string | undefined,
  ): SignatureRefusal | null {
    if (!signature) return 'missing_signature';
    const parts = new Map<string, string>();
    for (const part of signature.split(',')) {
      const [key, ...rest] = part.split('=');
      if (key && rest.length > 0) parts.set(key.trim(), rest.join('=').trim());
    }
    const ts = parts.get('ts');
    const v1 = parts.get('v1');
    if (!ts || !/^\d{1,16}$/.test(ts) || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return 'malformed_signature';
    const expected = createHmac('sha256', this.secret)
      .update(signatureManifest(dataId, requestId, ts))
      .digest();
    if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return 'signature_mismatch';
    if (Math.abs(this.clock.now().getTime() - timestampMs(ts)) > WEBHOOK_TOLERANCE_MS) {
      return 'timestamp_out_of_tolerance';
    }
    return null;
  }

  /** Signs like Mercado Pago does, with a millisecond `ts`: for the simulated checkout. */
  sign(dataId: string, requestId: string, at = this.clock.now()): string {
    const ts = String(at.getTime());
    const v1 = createHmac('sha256', this.secret)
      .update(signatureManifest(dataId, requestId, ts))
      .digest('hex');
    return `ts=${ts},v1=${v1}`;
  }
}
