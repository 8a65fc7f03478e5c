import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
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
  DeskGiftCardSaleDto,
  DeskGiftCardSaleResponseDto,
  DeskSaleDto,
  DeskSalePreviewDto,
  DeskSalePreviewResponseDto,
  DeskSaleResponseDto,
} from './dto/desk-sales.dto';
import { toDeskGiftCardReceiptDto, toDeskReceiptDto } from './dto/payments.mappers';
import { DeskGiftCardsService } from './desk-gift-cards.service';
import { DeskSalesService } from './desk-sales.service';

const cents = (pesos: number): number => Math.round(pesos * 100);

/**
 * "Venta en mostrador": a plan or a gift card sold at the studio's desk, paid in cash, by transfer or
 * on the card terminal.
 */
@ApiTags('admin')
@RequirePermission(Permission.SalesDesk)
@ApiForbiddenResponse({
  type: ErrorResponseDto,
  description: 'Solo administradores; INTRO_NOT_ELIGIBLE: el cliente no puede comprar un plan «Solo primera vez».',
})
@Controller('admin/desk-sales')
export class DeskSalesController {
  constructor(
    private readonly sales: DeskSalesService,
    private readonly giftCards: DeskGiftCardsService,
  ) {}

  @Post('preview')
  @HttpCode(200)
  @ApiOkResponse({ type: DeskSalePreviewResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'USER_NOT_FOUND, PLAN_NOT_FOUND o PROMO_INVALID.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'PROMO_EXPIRED, PROMO_EXHAUSTED, PROMO_NOT_APPLICABLE o PROMO_ONLY_NEW_CLIENTS.',
  })
  async deskSalePreview(@Body() dto: DeskSalePreviewDto): Promise<DeskSalePreviewResponseDto> {
    const charge = await this.sales.preview(dto.userId, dto.planId, dto.code);
    return {
      success: true,
      priceCents: charge.listPriceCents,
      discountCents: charge.discountCents,
      totalCents: charge.totalCents,
      introEligible: charge.introEligible,
    };
  }

  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: DeskSaleResponseDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'Datos inválidos, DESK_AMOUNT_SHORT (efectivo menor que el total) o DESK_AMOUNT_MISMATCH.',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'USER_NOT_FOUND, PLAN_NOT_FOUND o PROMO_INVALID.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'Un código que no aplica (PROMO_…), o DESK_SALE_KEY_REUSED: la clave ya se usó con otros datos.',
  })
  async deskSale(@CurrentUser() admin: Caller, @Body() dto: DeskSaleDto): Promise<DeskSaleResponseDto> {
    const sale = await this.sales.sell(admin, {
      userId: dto.userId,
      planId: dto.planId,
      method: dto.method,
      receivedCents: cents(dto.received),
      code: dto.code,
      requestKey: dto.requestKey,
    });
    return { success: true, message: 'Venta registrada', receipt: toDeskReceiptDto(sale) };
  }

  @Post('gift-card')
  @HttpCode(200)
  @ApiOkResponse({ type: DeskGiftCardSaleResponseDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description:
      'Datos inválidos, GIFT_AMOUNT_INVALID (monto fuera de la lista o fecha de entrega fuera de hoy a un año), DESK_AMOUNT_SHORT o DESK_AMOUNT_MISMATCH.',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'USER_NOT_FOUND.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'DESK_SALE_KEY_REUSED: la clave ya se usó con otros datos.',
  })
  async deskGiftCardSale(
    @CurrentUser() admin: Caller,
    @Body() dto: DeskGiftCardSaleDto,
  ): Promise<DeskGiftCardSaleResponseDto> {
    const sale = await this.giftCards.sell(admin, {
      userId: dto.userId,
      amount: dto.amount,
      recipientName: dto.recipientName,
      recipientEmail: dto.recipientEmail,
      message: dto.message,
      deliverOn: dto.deliverOn,
      method: dto.method,
      receivedCents: cents(dto.received),
      requestKey: dto.requestKey,
    });
    return { success: true, message: 'Tarjeta de regalo vendida', receipt: toDeskGiftCardReceiptDto(sale) };
  }
}
