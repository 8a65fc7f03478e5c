import { Body, Controller, Get, HttpCode, Ip, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { CurrentUser, Public } from '../core/auth/auth.decorators';
import type { Caller } from '../core/auth/caller';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import {
  GiftBalanceResponseDto,
  GiftCardOptionsResponseDto,
  GiftCardPageResponseDto,
  RedeemGiftCardDto,
  RedeemGiftCardResponseDto,
} from './dto/gift-cards.dto';
import { formatGiftCode } from './gift-code';
import { GiftCardError, GiftCardErrorCode } from './gift-cards.errors';
import { GiftCardsService } from './gift-cards.service';

/** A client's side of gift cards: amounts on offer, redeeming, the balance, the printable page. */
@ApiTags('gift-cards')
@Controller('gift-cards')
export class GiftCardsController {
  constructor(private readonly giftCards: GiftCardsService) {}

  @Get('options')
  @ApiOkResponse({ type: GiftCardOptionsResponseDto })
  async giftCardOptions(): Promise<GiftCardOptionsResponseDto> {
    return { success: true, amounts: await this.giftCards.amountOptions() };
  }

  @Post('redeem')
  @HttpCode(200)
  @ApiOkResponse({ type: RedeemGiftCardResponseDto, description: 'El nuevo saldo de regalo.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'GIFT_CODE_INVALID.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'GIFT_CODE_USED: ya se canjeó.' })
  @ApiTooManyRequestsResponse({
    type: ErrorResponseDto,
    description:
      'GIFT_TOO_MANY_ATTEMPTS: demasiados códigos incorrectos en una hora (por cuenta y por dirección); Retry-After.',
  })
  async redeemGiftCard(
    @CurrentUser() user: Caller,
    @Body() dto: RedeemGiftCardDto,
    @Ip() address: string,
  ): Promise<RedeemGiftCardResponseDto> {
    return { success: true, balanceCents: await this.giftCards.redeem(user, dto.code, address) };
  }

  @Get('balance')
  @ApiOkResponse({ type: GiftBalanceResponseDto })
  async getGiftBalance(@CurrentUser() user: Caller): Promise<GiftBalanceResponseDto> {
    const { balanceCents, movements } = await this.giftCards.balanceOf(user.id);
    return {
      success: true,
      balanceCents,
      movements: movements.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    };
  }

  @Public()
  @Get('page/:token')
  @ApiOkResponse({ type: GiftCardPageResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'GIFT_CARD_NOT_FOUND.' })
  async getGiftCardPage(@Param('token') token: string): Promise<GiftCardPageResponseDto> {
    const found = await this.giftCards.page(token);
    if (!found) throw new GiftCardError(GiftCardErrorCode.GIFT_CARD_NOT_FOUND);
    const { card, fromName } = found;
    return {
      success: true,
      giftCard: {
        recipientName: card.recipientName,
        fromName,
        message: card.message,
        amountCents: card.amountCents,
        code: formatGiftCode(card.code!),
        redeemed: card.status === 'redeemed',
      },
    };
  }
}
