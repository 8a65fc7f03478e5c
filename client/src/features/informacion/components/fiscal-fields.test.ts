import { describe, expect, it } from 'vitest';
import type { FiscalDataResponseDto } from '@/api/generated/model';
import { usesFor } from './fiscal-fields';

const CATALOGUES: FiscalDataResponseDto = {
  success: true,
  fiscalData: null,
  taxSystems: [],
  cfdiUses: [
    { code: 'G03', name: 'Gastos en general', person: true, company: true, taxSystems: ['601', '612', '626'] },
    { code: 'D01', name: 'Honorarios médicos', person: true, company: false, taxSystems: ['605', '612'] },
    {
      code: 'S01',
      name: 'Sin efectos fiscales',
      person: true,
      company: true,
      taxSystems: ['601', '605', '612', '626'],
    },
  ],
};

describe('usesFor (the uso del CFDI offered for a régimen)', () => {
  it('should not offer G03 under 605 and always offer S01', () => {
    expect(usesFor(CATALOGUES, '605', '').map((u) => u.code)).toEqual(['D01', 'S01']);
  });

  it("should leave out a person's uses when the RFC is a company's (12 characters)", () => {
    expect(usesFor(CATALOGUES, '612', 'SAT970701NN3').map((u) => u.code)).toEqual(['G03', 'S01']);
    expect(usesFor(CATALOGUES, '612', 'GODE561231GR8').map((u) => u.code)).toEqual(['G03', 'D01', 'S01']);
  });
});
