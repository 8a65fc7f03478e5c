import { describe, expect, it } from 'vitest';
import {
  CODE_MESSAGE,
  END_BEFORE_START_MESSAGE,
  MAX_USES_MESSAGE,
  PERCENT_MESSAGE,
  PESOS_MESSAGE,
  promoCodeSchema,
  type PromoCodeInput,
} from './schemas';

const valid: PromoCodeInput = {
  code: ' buenFin26 ',
  kind: 'percent',
  value: '15',
  validFrom: '2026-11-20',
  validTo: '2026-11-30',
  maxUses: '100',
  maxUsesPerClient: '1',
  planIds: ['2', '3'],
  newClientsOnly: false,
};

const messagesFor = (changes: Partial<PromoCodeInput>) => {
  const result = promoCodeSchema.safeParse({ ...valid, ...changes });
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('promoCodeSchema', () => {
  it('should give the request values: the code upper-case, numbers, plan ids', () => {
    expect(promoCodeSchema.parse(valid)).toEqual({
      code: 'BUENFIN26',
      kind: 'percent',
      value: 15,
      validFrom: '2026-11-20',
      validTo: '2026-11-30',
      maxUses: 100,
      maxUsesPerClient: 1,
      planIds: [2, 3],
      newClientsOnly: false,
    });
  });

  it('should refuse a code with other characters, or too short', () => {
    expect(messagesFor({ code: 'BUEN-FIN' })).toEqual([`code: ${CODE_MESSAGE}`]);
    expect(messagesFor({ code: 'AB' })).toEqual([`code: ${CODE_MESSAGE}`]);
    expect(messagesFor({ code: 'AÑO26' })).toEqual([`code: ${CODE_MESSAGE}`]);
  });

  it('should check the value by its kind: a whole percent up to 100, pesos with two decimals', () => {
    expect(messagesFor({ value: '101' })).toEqual([`value: ${PERCENT_MESSAGE}`]);
    expect(messagesFor({ value: '12.5' })).toEqual([`value: ${PERCENT_MESSAGE}`]);
    expect(messagesFor({ kind: 'fixed', value: '250.50' })).toEqual([]);
    expect(messagesFor({ kind: 'fixed', value: '0' })).toEqual([`value: ${PESOS_MESSAGE}`]);
    expect(messagesFor({ kind: 'fixed', value: '10.555' })).toEqual([`value: ${PESOS_MESSAGE}`]);
  });

  it('should refuse an end before the start and uses out of range', () => {
    expect(messagesFor({ validTo: '2026-11-19' })).toEqual([`validTo: ${END_BEFORE_START_MESSAGE}`]);
    expect(messagesFor({ maxUses: '0' })).toEqual([`maxUses: ${MAX_USES_MESSAGE}`]);
  });
});
