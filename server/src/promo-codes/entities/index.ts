import { PromoCodeAttempt } from './promo-code-attempt.entity';
import { PromoCode } from './promo-code.entity';

export { PromoCode, PROMO_KINDS, type PromoKind } from './promo-code.entity';
export { PromoCodeAttempt } from './promo-code-attempt.entity';

/** The promo codes module's tables, for the app's schema (server/src/database/schema.ts). */
export const promoCodesEntities = [PromoCode, PromoCodeAttempt];
