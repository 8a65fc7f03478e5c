export { GiftCardsModule } from './gift-cards.module';
export { GiftCardsService, type GiftCardOrder } from './gift-cards.service';
export { GiftBalanceService, balancePart } from './gift-balance.service';
export { GiftCardError, GiftCardErrorCode } from './gift-cards.errors';
export { AdminGiftCardResponseDto, BuyGiftCardDto, BuyGiftCardResponseDto, GiftCardIdDto } from './dto/gift-cards.dto';
