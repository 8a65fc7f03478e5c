import { Body, Controller, Get, Headers, HttpCode, Ip, Post, Query } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiExcludeEndpoint,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Caller } from '../core/auth/caller';
import { CurrentUser, Public, SkipCsrf } from '../core/auth/auth.decorators';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import {
  CheckoutDto,
  CheckoutPreviewDto,
  CheckoutPreviewResponseDto,
  CheckoutResponseDto,
  ConfirmPaymentDto,
  ConfirmPaymentResponseDto,
  PurchasesResponseDto,
} from './dto/checkout.dto';
import type { NotificationTopic } from './entities/payment-notification.entity';
import { toHeldClassDto, toPurchaseDto } from './dto/payments.mappers';
import { toSpotRefDto } from '../sala';
import { PaymentError, PaymentErrorCode } from './payments.errors';
import { PaymentsService } from './payments.service';
import { PaymentNotificationsService } from './payment-notifications.service';
import { WebhookVerifier } from './webhook-verifier';

/**
 * Notification types we act on: payments, chargebacks (`topic_chargebacks_wh` in the panel), and
 * memberships' subscriptions and their monthly charges ("Planes y suscripciones" in the panel).
 */
const TOPICS: Record<string, NotificationTopic> = {
  payment: 'payment',
  topic_chargebacks_wh: 'chargeback',
  chargebacks: 'chargeback',
  subscription_preapproval: 'preapproval',
  preapproval: 'preapproval',
  subscription_authorized_payment: 'authorized_payment',
  authorized_payment: 'authorized_payment',
};

@ApiTags('payments')
@Controller('mercadopago')
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly verifier: WebhookVerifier,
    private readonly notifications: PaymentNotificationsService,
  ) {}

  @Post('preview')
  @HttpCode(200)
  @ApiOkResponse({
    type: CheckoutPreviewResponseDto,
    description: 'Precio, descuento, comisión y total antes de pagar.',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({
    type: ErrorResponseDto,
    description: 'PLAN_NOT_FOUND; PROMO_INVALID: el código no existe o no está activo.',
  })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'PROMO_EXPIRED, PROMO_EXHAUSTED, PROMO_NOT_APPLICABLE, PROMO_ONLY_NEW_CLIENTS.',
  })
  @ApiTooManyRequestsResponse({
    type: ErrorResponseDto,
    description:
      'PROMO_TOO_MANY_ATTEMPTS: demasiados códigos incorrectos en una hora (por cuenta y por dirección); Retry-After.',
  })
  async previewCheckout(
    @CurrentUser() user: Caller,
    @Body() dto: CheckoutPreviewDto,
    @Ip() address: string,
  ): Promise<CheckoutPreviewResponseDto> {
    const charge = await this.payments.preview(user, dto.planId, dto.code ? { code: dto.code, address } : undefined);
    return {
      success: true,
      priceCents: charge.listPriceCents,
      discountCents: charge.discountCents,
      balanceCents: charge.balanceCents,
      commissionCents: charge.commissionCents,
      totalCents: charge.totalCents,
    };
  }

  @Post()
  @HttpCode(200)
  @ApiOkResponse({
    type: CheckoutResponseDto,
    description:
      'La URL del checkout de Mercado Pago; con el saldo de regalo cubriendo el total, el plan ya quedó activo y la URL lleva a Clases (`paidWithBalance`).',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({
    type: ErrorResponseDto,
    description: 'PLAN_NOT_FOUND; con `hold`, CLASS_NOT_FOUND; con `code`, PROMO_INVALID.',
  })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description:
      'Con `hold`, lo que push-reservation respondería: CLASS_FULL, CLASS_STARTED, CLASS_CANCELLED, ALREADY_BOOKED, SPOT_TAKEN, SPOT_OUT_OF_SERVICE. Con `code`: PROMO_EXPIRED, PROMO_EXHAUSTED, PROMO_NOT_APPLICABLE, PROMO_ONLY_NEW_CLIENTS.',
  })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'Mercado Pago no respondió.' })
  @ApiTooManyRequestsResponse({
    type: ErrorResponseDto,
    description:
      'CHECKOUT_LIMIT: demasiadas compras sin terminar (CHECKOUT_MAX_OPEN) o iniciadas en la última hora (CHECKOUT_MAX_PER_HOUR); PROMO_TOO_MANY_ATTEMPTS: demasiados códigos incorrectos. Retry-After y el mensaje dicen cuándo.',
  })
  async startCheckout(
    @CurrentUser() user: Caller,
    @Body() dto: CheckoutDto,
    @Ip() address: string,
  ): Promise<CheckoutResponseDto> {
    const promo = dto.code ? { code: dto.code, address } : undefined;
    const { url, held, paidWithBalance } = await this.payments.startCheckout(user, dto.planId, dto.hold, promo);
    return { success: true, url, held: held && toSpotRefDto(held), paidWithBalance };
  }

  @Get('purchases')
  @ApiOkResponse({ type: PurchasesResponseDto })
  async listPurchases(@CurrentUser() user: Caller): Promise<PurchasesResponseDto> {
    return { success: true, purchases: (await this.payments.openPurchasesOf(user)).map(toPurchaseDto) };
  }

  /** Back from the checkout: checks that payment at once, so the plan shows even before the webhook. */
  @Post('confirm')
  @HttpCode(200)
  @ApiOkResponse({ type: ConfirmPaymentResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'El pago es de otro usuario.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async confirmPayment(
    @CurrentUser() user: Caller,
    @Body() dto: ConfirmPaymentDto,
  ): Promise<ConfirmPaymentResponseDto> {
    const payment = await this.payments.syncProviderPayment(dto.payment_id, user);
    if (!payment) throw new PaymentError(PaymentErrorCode.PAYMENT_NOT_FOUND);
    const booked = await this.payments.heldBookingOf(payment);
    return { success: true, purchase: toPurchaseDto(payment), booked: booked && toHeldClassDto(booked) };
  }

  /**
   * Mercado Pago's notifications. Authenticated by their `x-signature` (HMAC-SHA256 with
   * MP_WEBHOOK_SECRET), not by a session or the CSRF header. The notification is stored and
   * answered at once; the resource is read back from Mercado Pago in the background (the body is
   * never trusted). Only a failure to store it answers 5xx, so Mercado Pago retries.
   */
  @Public()
  @SkipCsrf()
  @Post('webhook')
  @HttpCode(200)
  @ApiExcludeEndpoint()
  async webhook(
    @Query() query: Record<string, string | undefined>,
    @Body() body: unknown,
    @Headers('x-signature') signature: string | undefined,
    @Headers('x-request-id') requestId: string | undefined,
  ): Promise<{ success: true }> {
    const notification = (body ?? {}) as { type?: unknown; data?: { id?: unknown } };
    const bodyId = notification.data?.id;
    // The query's data.id is what Mercado Pago signs (and a string: chargeback ids exceed 2^53).
    const dataId =
      query['data.id'] ??
      query.id ??
      (typeof bodyId === 'string' || typeof bodyId === 'number' ? String(bodyId) : undefined);
    this.verifier.verify(signature, requestId, dataId);
    const type = query.type ?? query.topic ?? (typeof notification.type === 'string' ? notification.type : undefined);
    const topic = type ? TOPICS[type] : undefined;
    if (topic && dataId && /^[0-9A-Za-z_-]{1,40}$/.test(dataId)) await this.notifications.receive(topic, dataId);
    return { success: true };
  }
}
