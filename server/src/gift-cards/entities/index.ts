import { GiftBalanceMovement } from './gift-balance-movement.entity';
import { GiftBalance } from './gift-balance.entity';
import { GiftCard } from './gift-card.entity';

export { GiftCard, GIFT_CARD_STATUSES, type GiftCardStatus } from './gift-card.entity';
export { GiftBalance } from './gift-balance.entity';
export { GiftBalanceMovement, GIFT_MOVEMENT_KINDS, type GiftMovementKind } from './gift-balance-movement.entity';

/** The gift cards module's tables, for the app's schema (server/src/database/schema.ts). */
export const giftCardsEntities = [GiftCard, GiftBalance, GiftBalanceMovement];
