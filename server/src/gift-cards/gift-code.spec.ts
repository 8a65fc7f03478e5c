import { balancePart } from './gift-balance.service';
import { formatGiftCode, GIFT_CODE_ALPHABET, newGiftCode, normalizeGiftCode } from './gift-code';

describe('gift card codes', () => {
  it('should make 16 characters without ambiguous ones (at least 60 bits), shown in groups of four', () => {
    expect(GIFT_CODE_ALPHABET).not.toMatch(/[01ILO]/);
    expect(16 * Math.log2(GIFT_CODE_ALPHABET.length)).toBeGreaterThan(60);
    const codes = new Set(Array.from({ length: 200 }, () => newGiftCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{16}$/);
    expect(formatGiftCode('ABCDEFGHJKMNPQRS')).toBe('ABCD-EFGH-JKMN-PQRS');
  });

  it('should read a typed code in any case, with or without dashes and spaces, and refuse anything else', () => {
    expect(normalizeGiftCode('abcd-efgh-jkmn-pqrs')).toBe('ABCDEFGHJKMNPQRS');
    expect(normalizeGiftCode(' ABCD EFGH JKMN PQRS ')).toBe('ABCDEFGHJKMNPQRS');
    expect(normalizeGiftCode('ABCDEFGHJKMNPQR')).toBeNull();
    expect(normalizeGiftCode('ABCDEFGHJKMNPQR0')).toBeNull();
    expect(normalizeGiftCode('ABCDEFGHJKMNPQRSX')).toBeNull();
  });
});

describe('balancePart', () => {
  it('should pay all of a price the balance covers, nothing without balance', () => {
    expect(balancePart(1_500_00, 2_000_00, 10_00)).toBe(1_500_00);
    expect(balancePart(1_500_00, 1_500_00, 10_00)).toBe(1_500_00);
    expect(balancePart(1_500_00, 0, 10_00)).toBe(0);
  });

  it('should leave Mercado Pago at least its minimum when the balance falls short', () => {
    expect(balancePart(1_500_00, 1_000_00, 10_00)).toBe(1_000_00);
    // $1,495 of $1,500: Mercado Pago would charge $5, so the balance pays $1,490.
    expect(balancePart(1_500_00, 1_495_00, 10_00)).toBe(1_490_00);
    expect(balancePart(8_00, 5_00, 10_00)).toBe(0);
  });
});
