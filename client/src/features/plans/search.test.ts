import { describe, expect, it } from 'vitest';
import { plansSearchSchema } from './search';

describe('plansSearchSchema', () => {
  it('should keep a plan id given as a number or as text', () => {
    expect(plansSearchSchema.parse({ comprar: 4 })).toEqual({ comprar: 4 });
    expect(plansSearchSchema.parse({ comprar: '4' })).toEqual({ comprar: 4 });
  });

  it('should drop anything that is not a plan id', () => {
    for (const comprar of [undefined, '', 'x', 0, -2, 1.5, '1e400']) {
      expect(plansSearchSchema.parse({ comprar })).toEqual({ comprar: undefined });
    }
  });

  it('should keep the membership to subscribe to, beside or without a plan to buy', () => {
    expect(plansSearchSchema.parse({ suscribir: '7' })).toEqual({ comprar: undefined, suscribir: 7 });
    expect(plansSearchSchema.parse({ comprar: 2, suscribir: 'x' })).toEqual({ comprar: 2, suscribir: undefined });
  });
});
