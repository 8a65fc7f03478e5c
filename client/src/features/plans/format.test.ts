import { describe, expect, it } from 'vitest';
import { classesLabel, formatPrice, pricePerClass } from './format';

describe('plan formatting', () => {
  it('should format pesos with thousands separators and cents', () => {
    expect(formatPrice(1500)).toBe('$1,500.00');
    expect(formatPrice(220)).toBe('$220.00');
  });

  it('should give the price of one class, rounded to cents', () => {
    expect(pricePerClass(1500, 8)).toBe('$187.50 por clase');
    expect(pricePerClass(1900, 12)).toBe('$158.33 por clase');
    expect(pricePerClass(220, 1)).toBe('$220.00 por clase');
  });

  it('should say "clase" for a single class', () => {
    expect(classesLabel(1)).toBe('1 clase');
    expect(classesLabel(8)).toBe('8 clases');
  });
});
