export { PromoCodesModule } from './promo-codes.module';
export { PromoCodesService, normalizePromoCode, type PromoCharge } from './promo-codes.service';
