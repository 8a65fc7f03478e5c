import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Caller } from '../core/auth/caller';
import { CurrentUser, RequirePermission } from '../core/auth/auth.decorators';
import { Permission } from '../core/auth/permissions';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import {
  AdminPurchasesResponseDto,
  RefundPaymentDto,
  RefundPaymentResponseDto,
  UserPurchasesDto,
} from './dto/admin-payments.dto';
import { toAdminPurchaseDto } from './dto/payments.mappers';
import { PaymentsService } from './payments.service';

/** The admin's view of a user's Mercado Pago purchases, and refunds (Usuarios → planes). */
@ApiTags('admin')
@RequirePermission(Permission.PaymentsRead)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller('admin')
export class AdminPaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Post('get-purchases')
  @HttpCode(200)
  @ApiOkResponse({ type: AdminPurchasesResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async getPurchases(@Body() dto: UserPurchasesDto): Promise<AdminPurchasesResponseDto> {
    return { success: true, purchases: (await this.payments.purchasesFor(dto.userId)).map(toAdminPurchaseDto) };
  }

  @RequirePermission(Permission.PaymentsRefund)
  @Post('refund-payment')
  @HttpCode(200)
  @ApiOkResponse({ type: RefundPaymentResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Datos inválidos o REFUND_TOO_LARGE.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'PAYMENT_NOT_FOUND.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'PAYMENT_NOT_REFUNDABLE, o REFUND_KEY_REUSED: la clave ya se usó con otro pago u otro monto.',
  })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'Mercado Pago no hizo el reembolso.' })
  async refundPayment(@CurrentUser() admin: Caller, @Body() dto: RefundPaymentDto): Promise<RefundPaymentResponseDto> {
    const amountCents = dto.amount === undefined ? undefined : Math.round(dto.amount * 100);
    const purchase = await this.payments.refund(admin, dto.paymentId, amountCents, dto.idempotencyKey);
    return { success: true, message: 'Reembolso hecho', purchase: toAdminPurchaseDto(purchase) };
  }
}
