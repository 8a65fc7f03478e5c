import { Controller, Get, Header, Inject, Logger, OnModuleInit, Param, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { CurrentUser } from '../core/auth/auth.decorators';
import type { Caller } from '../core/auth/caller';
import { Clock } from '../core/clock/clock';
import { AppConfig } from '../core/config/app-config';
import { escapeHtml } from '../core/http/escape-html';
import { ApiError, ErrorCode } from '../core/errors/api-error';
import { GiftCardsService } from '../gift-cards';
import { MembershipsRepository } from './memberships.repository';
import { PaymentGateway } from './payment-gateway';
import { PaymentsRepository } from './payments.repository';
import {
  SIMULATED_CHARGE_RESULTS,
  SIMULATED_RESULTS,
  SimulatedGateway,
  type SimulatedChargeResult,
  type SimulatedResult,
} from './simulated.gateway';
import { WebhookVerifier } from './webhook-verifier';

const money = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });
const LABELS: Record<SimulatedResult, string> = {
  approved: 'Aprobar el pago',
  pending: 'Dejarlo pendiente (OXXO)',
  rejected: 'Rechazar el pago',
};

/**
 * The local test checkout ("Modo de prueba") used when no MP_ACCESS_TOKEN is set outside
 * production. Choosing a result makes the simulated payment, sends Mercado Pago's signed webhook
 * to our own endpoint (so the real webhook path runs) and returns to the back URL like Mercado Pago.
 */
@ApiExcludeController()
@Controller('mercadopago/simulador')
export class SimulatorController implements OnModuleInit {
  private readonly logger = new Logger('SimulatedCheckout');

  constructor(
    @Inject(PaymentGateway) private readonly gateway: PaymentGateway,
    private readonly payments: PaymentsRepository,
    private readonly memberships: MembershipsRepository,
    private readonly giftCards: GiftCardsService,
    private readonly verifier: WebhookVerifier,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** A subscription paused or cancelled at the simulated Mercado Pago is notified like the real one. */
  onModuleInit(): void {
    if (this.gateway instanceof SimulatedGateway) {
      this.gateway.notice = (type, id) =>
        this.send(type, id, type === 'subscription_preapproval' ? 'updated' : 'created');
    }
  }

  @Get(':reference')
  @Header('cache-control', 'no-store')
  async page(
    @CurrentUser() user: Caller,
    @Param('reference') reference: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const subscription = await this.ownSubscription(user, reference);
    if (subscription) {
      void reply.header('content-type', 'text/html; charset=utf-8');
      return this.subscriptionPage(reference, subscription);
    }
    const { request } = await this.own(user, reference);
    // Set only once the page exists: an error must still go out as JSON.
    void reply.header('content-type', 'text/html; charset=utf-8');
    const links = SIMULATED_RESULTS.map(
      (result) =>
        `<a class="${result}" href="/api/mercadopago/simulador/${reference}/pagar?resultado=${result}">${LABELS[result]}</a>`,
    ).join('\n');
    return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Modo de prueba — Pago simulado</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#f6f1ea;color:#2f3327}
main{max-width:420px;margin:40px auto;padding:28px;background:#fff;border-radius:16px;box-shadow:0 8px 30px rgba(0,0,0,.08)}
.badge{display:inline-block;background:#fde68a;color:#7c2d12;font-weight:700;padding:4px 10px;border-radius:999px;font-size:13px}
h1{font-size:22px;margin:16px 0 4px} p{margin:6px 0}
a{display:block;text-align:center;margin-top:12px;padding:12px;border-radius:999px;text-decoration:none;font-weight:600}
.approved{background:#166534;color:#fff}.pending{background:#e5e7eb;color:#111}.rejected{background:#b91c1c;color:#fff}
</style></head>
<body><main>
<span class="badge">Modo de prueba</span>
<h1>Pago simulado de Mercado Pago</h1>
<p>${escapeHtml(request.title)}</p>
<p><strong>Total: ${money.format(request.amountMxn)}</strong></p>
<p>No se hace ningún cargo real. Elige qué responde «Mercado Pago»:</p>
${links}
</main></body></html>`;
  }

  @Get(':reference/pagar')
  async pay(
    @CurrentUser() user: Caller,
    @Param('reference') reference: string,
    @Query('resultado') result: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const subscription = await this.ownSubscription(user, reference);
    if (subscription) return this.charge(reference, subscription.gateway, result, reply);
    const { gateway, request } = await this.own(user, reference);
    if (!SIMULATED_RESULTS.includes(result as SimulatedResult)) throw new ApiError(ErrorCode.BAD_REQUEST);
    const payment = gateway.pay(reference, result as SimulatedResult, this.clock.now());
    await this.notify(payment.id);
    const back =
      result === 'approved'
        ? request.backUrls.success
        : result === 'pending'
          ? request.backUrls.pending
          : request.backUrls.failure;
    const url = new URL(back);
    url.searchParams.set('payment_id', payment.id);
    url.searchParams.set('status', payment.status);
    url.searchParams.set('external_reference', reference);
    await reply.redirect(url.toString(), 302);
  }

  /**
   * A membership's subscription at the simulated Mercado Pago: while pending, the tester authorizes
   * the card with an approved or declined first charge; once authorized, "next month's charge"
   * (approved or declined) runs a monthly charge. Each sends Mercado Pago's notifications.
   */
  private subscriptionPage(reference: string, { gateway }: { gateway: SimulatedGateway }): string {
    const { request, state } = gateway.subscription(reference)!;
    const first = state.status === 'pending';
    const labels: Record<SimulatedChargeResult, string> = first
      ? { approved: 'Autorizar la tarjeta: primer cobro aprobado', rejected: 'Primer cobro rechazado' }
      : { approved: 'Cobro del mes siguiente: aprobado', rejected: 'Cobro del mes siguiente: rechazado' };
    const links =
      state.status === 'cancelled'
        ? '<p>La suscripción está cancelada: no habrá más cobros.</p>'
        : SIMULATED_CHARGE_RESULTS.map(
            (result) =>
              `<a class="${result}" href="/api/mercadopago/simulador/${reference}/pagar?resultado=${result}">${labels[result]}</a>`,
          ).join('\n');
    const statusLabel: Record<string, string> = {
      pending: 'pendiente de autorizar',
      authorized: 'activa',
      paused: 'en pausa',
      cancelled: 'cancelada',
    };
    return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Modo de prueba — Suscripción simulada</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#f6f1ea;color:#2f3327}
main{max-width:420px;margin:40px auto;padding:28px;background:#fff;border-radius:16px;box-shadow:0 8px 30px rgba(0,0,0,.08)}
.badge{display:inline-block;background:#fde68a;color:#7c2d12;font-weight:700;padding:4px 10px;border-radius:999px;font-size:13px}
h1{font-size:22px;margin:16px 0 4px} p{margin:6px 0}
a{display:block;text-align:center;margin-top:12px;padding:12px;border-radius:999px;text-decoration:none;font-weight:600}
.approved{background:#166534;color:#fff}.rejected{background:#b91c1c;color:#fff}
</style></head>
<body><main>
<span class="badge">Modo de prueba</span>
<h1>Suscripción simulada de Mercado Pago</h1>
<p>${escapeHtml(request.reason)}</p>
<p><strong>${money.format(request.amountMxn)} cada mes</strong></p>
<p>Estado: ${escapeHtml(statusLabel[state.status] ?? state.status)}</p>
<p>No se hace ningún cargo real. Elige qué responde «Mercado Pago»:</p>
${links}
</main></body></html>`;
  }

  /** A charge of a simulated subscription: notified (the charge, and the subscription when it changed), then back. */
  private async charge(reference: string, gateway: SimulatedGateway, result: string, reply: FastifyReply) {
    if (!SIMULATED_CHARGE_RESULTS.includes(result as SimulatedChargeResult)) throw new ApiError(ErrorCode.BAD_REQUEST);
    const { request, state } = gateway.subscription(reference)!;
    if (state.status === 'cancelled') throw new ApiError(ErrorCode.NOT_FOUND);
    const charge = gateway.charge(reference, result as SimulatedChargeResult, this.clock.now());
    const after = gateway.subscription(reference)!;
    if (after.state.status !== state.status) await this.send('subscription_preapproval', after.state.id, 'updated');
    await this.send('subscription_authorized_payment', charge.id, 'created');
    const url = new URL(request.backUrl);
    url.searchParams.set('preapproval_id', after.state.id);
    await reply.redirect(url.toString(), 302);
  }

  /** Mercado Pago's subscription notifications as they come: `entity`, `type`, `action`, signed with a millisecond `ts`. */
  private async send(
    type: 'subscription_preapproval' | 'subscription_authorized_payment',
    id: string,
    action: 'created' | 'updated',
  ): Promise<void> {
    const now = this.clock.now();
    await this.post(id, type, {
      action,
      application_id: 'simulado',
      data: { id },
      date: now.toISOString(),
      entity: type === 'subscription_preapproval' ? 'preapproval' : 'authorized_payment',
      id: now.getTime(),
      type,
      version: 0,
    });
  }

  /**
   * Mercado Pago's notification as it really comes: the documented body, `data.id` and `type` in
   * the query, an `x-request-id`, and `x-signature` with a millisecond `ts`, to our own webhook.
   */
  private async notify(paymentId: string): Promise<void> {
    const now = this.clock.now();
    await this.post(paymentId, 'payment', {
      action: 'payment.created',
      api_version: 'v1',
      data: { id: paymentId },
      date_created: now.toISOString(),
      id: now.getTime(),
      live_mode: false,
      type: 'payment',
      user_id: 'simulado',
    });
  }

  private async post(dataId: string, type: string, body: Record<string, unknown>): Promise<void> {
    const requestId = randomUUID();
    const base = this.config.appUrl.replace(/\/$/, '');
    const now = this.clock.now();
    try {
      const res = await fetch(`${base}/api/mercadopago/webhook?data.id=${dataId}&type=${type}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature': this.verifier.sign(dataId, requestId, now),
          'x-request-id': requestId,
        },
        body: JSON.stringify(body),
      });
      if (!res.ok) this.logger.warn(`El webhook simulado respondió ${res.status}`);
    } catch (error) {
      // The return page confirms the payment too; the reconcile job catches anything left.
      this.logger.warn(`No se pudo enviar el webhook simulado: ${(error as Error).message}`);
    }
  }

  /** A membership's simulated subscription, seen only by its client; null when the reference is not one. */
  private async ownSubscription(user: Caller, reference: string): Promise<{ gateway: SimulatedGateway } | null> {
    const gateway = this.gateway;
    if (!(gateway instanceof SimulatedGateway) || !/^pilates-[0-9a-f-]{36}$/.test(reference)) return null;
    if (!gateway.subscription(reference)) return null;
    const membership = await this.memberships.byReference(reference);
    if (!membership || membership.userId !== user.id) throw new ApiError(ErrorCode.NOT_FOUND);
    return { gateway };
  }

  private async own(user: Caller, reference: string) {
    const gateway = this.gateway;
    if (!(gateway instanceof SimulatedGateway) || !/^pilates-[0-9a-f-]{36}$/.test(reference)) {
      throw new ApiError(ErrorCode.NOT_FOUND);
    }
    // A plan's purchase, or a gift card's (which has no purchase row): only its buyer sees it.
    const payment = await this.payments.byReference(reference);
    const buyerId = payment ? payment.userId : await this.giftCards.buyerOf(reference);
    const request = gateway.preference(reference);
    if (!request || buyerId === null || buyerId !== user.id) throw new ApiError(ErrorCode.NOT_FOUND);
    return { gateway, request };
  }
}
