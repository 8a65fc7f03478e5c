import { describe, expect, it } from 'vitest';
import {
  CLASSES_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  NAME_TOO_LONG_MESSAGE,
  PRICE_MESSAGE,
  WEEKLY_MESSAGE,
  WEEKLY_REQUIRED_MESSAGE,
  allowanceLabel,
  catalogPlanSchema,
  onlyTypesLabel,
  priceInput,
  type CatalogPlanInput,
} from './schemas';

const parse = (values: Partial<CatalogPlanInput>) =>
  catalogPlanSchema.safeParse({
    name: 'Diez Clases',
    price: '1700',
    kind: 'pack',
    classes: '10',
    weeklyLimit: '',
    unlimited: false,
    intro: false,
    classTypeIds: [],
    ...values,
  });
const messageOf = (values: Partial<CatalogPlanInput>) => parse(values).error?.issues.map((issue) => issue.message);

describe('catalogPlanSchema', () => {
  it('should turn typed pesos and classes into numbers', () => {
    expect(parse({ name: ' Diez Clases ', price: '1750.50', classes: '10' }).data).toEqual({
      name: 'Diez Clases',
      price: 1750.5,
      kind: 'pack',
      classes: 10,
      weeklyLimit: null,
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

  it('should give a membership a weekly limit, or none when unlimited, and no class count', () => {
    const membership = { kind: 'membership', classes: '', intro: true } as const;
    expect(parse({ ...membership, weeklyLimit: ' 3 ' }).data).toEqual({
      name: 'Diez Clases',
      price: 1700,
      kind: 'membership',
      classes: null,
      weeklyLimit: 3,
      // «Solo primera vez» belongs to packs: a membership never carries it.
      intro: false,
      classTypeIds: [],
    });
    // «Ilimitado» wins over whatever the weekly field still holds.
    expect(parse({ ...membership, weeklyLimit: '9', unlimited: true }).data?.weeklyLimit).toBeNull();
    expect(messageOf({ ...membership, weeklyLimit: '' })).toEqual([WEEKLY_REQUIRED_MESSAGE]);
    for (const weeklyLimit of ['0', '8', '2.5', '-1']) {
      expect(messageOf({ ...membership, weeklyLimit }), weeklyLimit).toEqual([WEEKLY_MESSAGE]);
    }
    // A pack ignores the weekly field; a membership ignores the class count.
    expect(parse({ weeklyLimit: 'abc' }).success).toBe(true);
    expect(parse({ ...membership, classes: 'abc', weeklyLimit: '2' }).success).toBe(true);
  });

  it('should report a wrong class count together with a wrong name and price', () => {
    expect(messageOf({ name: '', price: '0', classes: '0' })).toEqual([
      NAME_REQUIRED_MESSAGE,
      PRICE_MESSAGE,
      CLASSES_MESSAGE,
    ]);
  });

  it('should say what each kind of plan gives', () => {
    expect(allowanceLabel({ kind: 'pack', classes: 1, weeklyLimit: null })).toBe('1 clase');
    expect(allowanceLabel({ kind: 'pack', classes: 8, weeklyLimit: null })).toBe('8 clases');
    expect(allowanceLabel({ kind: 'membership', classes: 0, weeklyLimit: 3 })).toBe('3 por semana');
    expect(allowanceLabel({ kind: 'membership', classes: 0, weeklyLimit: null })).toBe('Ilimitado');
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
