import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../core/auth/auth.decorators';
import type { Caller } from '../core/auth/caller';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import { BuyGiftCardDto, BuyGiftCardResponseDto } from '../gift-cards';
import { PaymentsService } from './payments.service';

/** Buying a gift card: a checkout like a plan's (GiftCardsModule has the rest of gift cards). */
@ApiTags('gift-cards')
@Controller('gift-cards')
export class GiftCardCheckoutController {
  constructor(private readonly payments: PaymentsService) {}

  @Post('buy')
  @HttpCode(200)
  @ApiOkResponse({ type: BuyGiftCardResponseDto, description: 'La URL del checkout (Mercado Pago o el simulador).' })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'GIFT_AMOUNT_INVALID: el monto no está en la lista o la fecha de entrega no es de hoy a un año.',
  })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'Mercado Pago no respondió.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'CHECKOUT_LIMIT, como al comprar un plan.' })
  async buyGiftCard(@CurrentUser() user: Caller, @Body() dto: BuyGiftCardDto): Promise<BuyGiftCardResponseDto> {
    const { url } = await this.payments.startGiftCardCheckout(user, dto);
    return { success: true, url };
  }
}
