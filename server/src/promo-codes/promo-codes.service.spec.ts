import { MIN_DISCOUNTED_PRICE_CENTS, PromoCodesService } from './promo-codes.service';

describe('PromoCodesService.discountFor', () => {
  it('should take a percent of the price, rounded to the centavo', () => {
    expect(PromoCodesService.discountFor({ kind: 'percent', value: 15 }, 1_500_00)).toBe(225_00);
    // 33 % of $229.45 = $75.7185 → $75.72.
    expect(PromoCodesService.discountFor({ kind: 'percent', value: 33 }, 229_45)).toBe(75_72);
  });

  it('should take a fixed amount in centavos', () => {
    expect(PromoCodesService.discountFor({ kind: 'fixed', value: 200_00 }, 1_500_00)).toBe(200_00);
  });

  it('should never take the price below the $10 floor, for a fixed amount larger than the price or 100 %', () => {
    expect(PromoCodesService.discountFor({ kind: 'fixed', value: 5_000_00 }, 220_00)).toBe(
      220_00 - MIN_DISCOUNTED_PRICE_CENTS,
    );
    expect(PromoCodesService.discountFor({ kind: 'percent', value: 100 }, 800_00)).toBe(790_00);
    // A plan already at or below the floor gets no discount.
    expect(PromoCodesService.discountFor({ kind: 'percent', value: 50 }, 8_00)).toBe(0);
  });
});
