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
import { CurrentUser, RequirePermission } from '../core/auth/auth.decorators';
import type { Caller } from '../core/auth/caller';
import { Permission } from '../core/auth/permissions';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import { AdminGiftCardResponseDto, GiftCardIdDto } from '../gift-cards';
import { GiftCardRefundsService } from './gift-card-refunds.service';

/** "Reembolsar y anular" on Tarjetas de regalo (here for the payment gateway; the rest is GiftCardsModule's). */
@ApiTags('admin')
@RequirePermission(Permission.PaymentsRefund)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller('admin/gift-cards')
export class AdminGiftCardRefundsController {
  constructor(private readonly refunds: GiftCardRefundsService) {}

  @Post('refund')
  @HttpCode(200)
  @ApiOkResponse({
    type: AdminGiftCardResponseDto,
    description:
      'Reembolsada por completo (en Mercado Pago, o registrada si se vendió en mostrador) y anulada: su código ya no se canjea.',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'GIFT_CARD_NOT_FOUND.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'GIFT_CARD_REDEEMED: ya se canjeó; GIFT_CARD_NOT_REFUNDABLE: no está pagada o ya se anuló.',
  })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'Mercado Pago no hizo el reembolso.' })
  async refundGiftCard(@CurrentUser() admin: Caller, @Body() dto: GiftCardIdDto): Promise<AdminGiftCardResponseDto> {
    const card = await this.refunds.refund(admin, dto.id);
    return { success: true, message: `Tarjeta ${card.id} reembolsada y anulada` };
  }
}
