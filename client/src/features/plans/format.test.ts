import { describe, expect, it } from 'vitest';
import { pricePerClass } from './format';

describe('plan formatting', () => {
  it('should give the price of one class, rounded to cents', () => {
    expect(pricePerClass(1500, 8)).toBe('$187.50 por clase');
    expect(pricePerClass(1900, 12)).toBe('$158.33 por clase');
    expect(pricePerClass(220, 1)).toBe('$220.00 por clase');
  });
});
