import { describe, expect, it } from 'vitest';
import {
  CLASSES_MESSAGE,
  NAME_TOO_LONG_MESSAGE,
  PRICE_MESSAGE,
  catalogPlanSchema,
  onlyTypesLabel,
  priceInput,
} from './schemas';

const parse = (values: Partial<{ name: string; price: string; classes: string; classTypeIds: string[] }>) =>
  catalogPlanSchema.safeParse({
    name: 'Diez Clases',
    price: '1700',
    classes: '10',
    intro: false,
    classTypeIds: [],
    ...values,
  });
const messageOf = (values: Partial<{ name: string; price: string; classes: string }>) =>
  parse(values).error?.issues.map((issue) => issue.message);

describe('catalogPlanSchema', () => {
  it('should turn typed pesos and classes into numbers', () => {
    expect(parse({ name: ' Diez Clases ', price: '1750.50', classes: '10' }).data).toEqual({
      name: 'Diez Clases',
      price: 1750.5,
      classes: 10,
      intro: false,
      classTypeIds: [],
    });
    expect(parse({ classTypeIds: ['4', '2'] }).data?.classTypeIds).toEqual([2, 4]);
    expect(parse({ price: '1,500' }).data?.price).toBe(1500);
    expect(parse({ price: '$ 100000' }).data?.price).toBe(100000);
    expect(parse({ price: '0.5' }).success).toBe(false);
  });

  it('should refuse what the server refuses, with its messages', () => {
    for (const price of ['1500.505', '0', '100000.01', 'abc', '-5', '1.500,50']) {
      expect(messageOf({ price }), price).toEqual([PRICE_MESSAGE]);
    }
    for (const classes of ['0', '101', '1.5', '-1']) {
      expect(messageOf({ classes }), classes).toEqual([CLASSES_MESSAGE]);
    }
    expect(messageOf({ name: 'x'.repeat(81) })).toEqual([NAME_TOO_LONG_MESSAGE]);
    expect(parse({ name: 'x'.repeat(80) }).success).toBe(true);
  });

  it('should name the class types a plan is limited to, and nothing for a plan of every type', () => {
    expect(onlyTypesLabel([])).toBeNull();
    expect(onlyTypesLabel([{ name: 'Prenatal' }])).toBe('Solo Prenatal');
    expect(onlyTypesLabel([{ name: 'Prenatal' }, { name: 'Barre' }, { name: 'Mat' }])).toBe(
      'Solo Prenatal, Barre y Mat',
    );
  });

  it('should write a price for the edit form without float noise', () => {
    expect(priceInput(1500)).toBe('1500');
    expect(priceInput(1750.5)).toBe('1750.50');
  });
});
