import { checkRfc, RFC_FOREIGN, RFC_PUBLIC, rfcCheckDigit } from './rfc';

describe('checkRfc', () => {
  it.each([
    ['GODE561231GR8', 'person'],
    ['gode561231gr8', 'person'],
    ['GODE-561231-GR8', 'person'],
    ['SAT970701NN3', 'company'],
  ])('should accept %s as a valid %s RFC', (rfc, kind) => {
    expect(checkRfc(rfc)).toEqual({ valid: true, rfc: rfc.replace(/-/g, '').toUpperCase(), kind, generic: false });
  });

  it.each([RFC_PUBLIC, RFC_FOREIGN])('should accept the generic RFC %s', (rfc) => {
    expect(checkRfc(rfc)).toEqual({ valid: true, rfc, kind: 'person', generic: true });
  });

  it.each([
    ['GODE561231GR9', 'a wrong check digit (person)'],
    ['SAT970701NN4', 'a wrong check digit (company)'],
    ['GODE561331GR8', 'month 13'],
    ['GODE560230GR8', 'February 30'],
    ['GOD1561231GR8', 'a digit among the letters'],
    ['GODE561231G_8', 'a symbol in the homoclave'],
    ['GODE561231GR', 'one character short'],
    ['GODEX561231GR8', 'five letters'],
    ['', 'nothing'],
  ])('should refuse %s (%s)', (rfc) => {
    expect(checkRfc(rfc)).toEqual({ valid: false });
  });

  it('should score a company as if it started with a space, and map 10 to A and 11 to 0', () => {
    expect(rfcCheckDigit('SAT970701NN')).toBe('3');
    expect(rfcCheckDigit('GODE561231GR')).toBe('8');
    const digits = new Set<string>();
    for (let i = 0; i < 200; i++) digits.add(rfcCheckDigit(`ABC${String(100101 + i).padStart(6, '0')}A${i % 10}`));
    expect([...digits].every((d) => /^[\dA]$/.test(d))).toBe(true);
    expect(digits.has('A')).toBe(true);
    expect(digits.has('0')).toBe(true);
  });
});
