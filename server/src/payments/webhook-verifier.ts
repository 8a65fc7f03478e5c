import { Injectable } from '@nestjs/common';
import { WebhookSignatureValidator } from 'mercadopago';
import { createHmac } from 'node:crypto';
import { Clock } from '../core/clock/clock';
import { AppConfig } from '../core/config/app-config';
import { PaymentError, PaymentErrorCode } from './payments.errors';

/** A notification signed longer ago than this is refused as stale (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Mercado Pago's `x-signature` check (`ts=…,v1=…`): HMAC-SHA256 with the secret over
 * `id:{data.id};request-id:{x-request-id};ts:{ts};`, done by the SDK's validator.
 */
@Injectable()
export class WebhookVerifier {
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

  verify(signature: string | undefined, requestId: string | undefined, dataId: string | undefined): void {
    try {
      WebhookSignatureValidator.validate({
        xSignature: signature,
        xRequestId: requestId,
        dataId,
        secret: this.secret,
        toleranceSeconds: WEBHOOK_TOLERANCE_SECONDS,
        now: () => this.clock.now().getTime(),
      });
    } catch {
      throw new PaymentError(PaymentErrorCode.INVALID_SIGNATURE);
    }
  }

  /** Signs like Mercado Pago does: for the simulated checkout and the tests. */
  sign(dataId: string, requestId: string, at = this.clock.now()): string {
    const ts = Math.floor(at.getTime() / 1000);
    const v1 = createHmac('sha256', this.secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex');
    return `ts=${ts},v1=${v1}`;
  }
}
