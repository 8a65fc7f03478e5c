export { PromoCodesModule } from './promo-codes.module';
export {
  PromoCodesService,
  normalizePromoCode,
  MIN_DISCOUNTED_PRICE_CENTS,
  type PromoCharge,
} from './promo-codes.service';
