import { describe, expect, it } from 'vitest';
import { classesLabel, commissionNote, formatMoney } from './format';

describe('formatMoney', () => {
  it('shows pesos with two decimals and thousands separators', () => {
    expect(formatMoney(1500)).toBe('$1,500.00');
    expect(formatMoney(1559.7)).toBe('$1,559.70');
  });
});

describe('classesLabel', () => {
  it('says "clase" for one and "clases" for more', () => {
    expect(classesLabel(1)).toBe('1 clase');
    expect(classesLabel(8)).toBe('8 clases');
  });
});

describe('commissionNote', () => {
  it('should name the commission with its amount when there is one', () => {
    expect(commissionNote(31.84)).toBe('plus Comisión de $31.84');
  });

  it('should say nothing when the commission is zero', () => {
    expect(commissionNote(0)).toBeNull();
  });
});
