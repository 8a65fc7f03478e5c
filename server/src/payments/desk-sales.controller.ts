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
import { DeskSaleDto, DeskSalePreviewDto, DeskSalePreviewResponseDto, DeskSaleResponseDto } from './dto/desk-sales.dto';
import { toDeskReceiptDto } from './dto/payments.mappers';
import { DeskSalesService } from './desk-sales.service';

const cents = (pesos: number): number => Math.round(pesos * 100);

/** "Venta en mostrador": a plan sold at the studio's desk, paid in cash, by transfer or on the card terminal. */
@ApiTags('admin')
@RequirePermission(Permission.SalesDesk)
@ApiForbiddenResponse({
  type: ErrorResponseDto,
  description: 'Solo administradores; INTRO_NOT_ELIGIBLE: el cliente no puede comprar un plan «Solo primera vez».',
})
@Controller('admin/desk-sales')
export class DeskSalesController {
  constructor(private readonly sales: DeskSalesService) {}

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
}
