import { CFDI_USES, TAX_SYSTEMS, taxSystemFits, useAllowed, usesFor } from './sat-catalogues';

describe('SAT catalogues', () => {
  it.each([
    ['G03', '605', 'person', false],
    ['G03', '612', 'person', true],
    ['G03', '601', 'company', true],
    ['G03', '626', 'company', true],
    ['D01', '605', 'person', true],
    ['D01', '601', 'company', false],
    ['D01', '612', 'company', false],
    ['G01', '616', 'person', false],
    ['I04', '605', 'person', false],
  ] as const)('should say use %s under régimen %s for a %s is allowed: %s', (use, system, kind, allowed) => {
    expect(useAllowed(use, system, kind)).toBe(allowed);
  });

  it('should allow S01 for every régimen of the catalogue', () => {
    for (const system of TAX_SYSTEMS) expect(useAllowed('S01', system.code)).toBe(true);
  });

  it('should offer 616 (sin obligaciones fiscales) only S01', () => {
    expect(usesFor('616').map((u) => u.code)).toEqual(['S01']);
  });

  it('should let only companies hold 601 and only persons 605, and both 626', () => {
    expect(taxSystemFits('601', 'company')).toBe(true);
    expect(taxSystemFits('601', 'person')).toBe(false);
    expect(taxSystemFits('605', 'person')).toBe(true);
    expect(taxSystemFits('605', 'company')).toBe(false);
    expect(taxSystemFits('626', 'person') && taxSystemFits('626', 'company')).toBe(true);
    expect(taxSystemFits('999', 'person')).toBe(false);
  });

  it('should name only régimenes of the catalogue in every use', () => {
    const codes = new Set(TAX_SYSTEMS.map((s) => s.code));
    for (const use of CFDI_USES) for (const system of use.taxSystems) expect(codes.has(system)).toBe(true);
  });
});
