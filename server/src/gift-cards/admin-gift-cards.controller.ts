import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
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
import { AdminGiftCardResponseDto, AdminGiftCardsResponseDto, GiftCardIdDto } from './dto/gift-cards.dto';
import { GiftCardsService } from './gift-cards.service';

/** "Tarjetas de regalo": the paid cards, their mail and their state. */
@ApiTags('admin')
@RequirePermission(Permission.GiftCardsManage)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller('admin/gift-cards')
export class AdminGiftCardsController {
  constructor(private readonly giftCards: GiftCardsService) {}

  @Get()
  @ApiOkResponse({ type: AdminGiftCardsResponseDto })
  async listGiftCards(): Promise<AdminGiftCardsResponseDto> {
    const rows = await this.giftCards.adminList();
    return {
      success: true,
      giftCards: rows.map(({ card, buyerName, redeemerName, redeemerBalanceCents }) => ({
        id: card.id,
        status: card.status,
        amountCents: card.amountCents,
        buyerName,
        recipientName: card.recipientName,
        recipientEmail: card.recipientEmail,
        deliverOn: card.deliverOn,
        sentAt: card.sentAt ? card.sentAt.toISOString() : null,
        redeemedBy: redeemerName,
        balanceLeftCents: redeemerBalanceCents,
        paymentStatus: card.paymentStatus,
        method: card.method,
        refundedCents: card.refundedCents,
      })),
    };
  }

  @Post('resend')
  @HttpCode(200)
  @ApiOkResponse({ type: AdminGiftCardResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'GIFT_CARD_NOT_FOUND.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'GIFT_CARD_NOT_SENDABLE.' })
  async resendGiftCard(@CurrentUser() admin: Caller, @Body() dto: GiftCardIdDto): Promise<AdminGiftCardResponseDto> {
    await this.giftCards.resend(admin, dto.id);
    return { success: true, message: 'Tarjeta reenviada' };
  }

  @Post('void')
  @HttpCode(200)
  @ApiOkResponse({ type: AdminGiftCardResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'GIFT_CARD_NOT_FOUND.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'GIFT_CARD_NOT_VOIDABLE: canjeada, o su pago no se reembolsó.',
  })
  async voidGiftCard(@CurrentUser() admin: Caller, @Body() dto: GiftCardIdDto): Promise<AdminGiftCardResponseDto> {
    await this.giftCards.void(admin, dto.id);
    return { success: true, message: 'Tarjeta anulada' };
  }
}
