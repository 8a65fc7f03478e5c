import { CANONICAL_MX_MOBILE, displayPhone, normalizeMexicanMobile, waIdOf } from './phone-number';

describe('normalizeMexicanMobile', () => {
  const accepted: [string, string][] = [
    ['7221234567', '+527221234567'],
    ['722 123 4567', '+527221234567'],
    ['722-123-4567', '+527221234567'],
    ['722.123.4567', '+527221234567'],
    ['(722) 123 4567', '+527221234567'],
    ['(722)123-45-67', '+527221234567'],
    ['55 1234 5678', '+525512345678'],
    ['+52 722 123 4567', '+527221234567'],
    ['+527221234567', '+527221234567'],
    ['52 722 123 4567', '+527221234567'],
    ['+52 1 722 123 4567', '+527221234567'],
    ['+521 722 123 4567', '+527221234567'],
    ['5217221234567', '+527221234567'],
    ['044 722 123 4567', '+527221234567'],
    ['045 55 1234 5678', '+525512345678'],
    ['01 722 123 4567', '+527221234567'],
    ['1 722 123 4567', '+527221234567'],
    ['0052 722 123 4567', '+527221234567'],
    ['  722 123 4567  ', '+527221234567'],
    ['722\u00a0123\u00a04567', '+527221234567'],
    ['+52 (722) 123-4567', '+527221234567'],
    ['81/1234/5678', '+528112345678'],
  ];

  it.each(accepted)('should store %j as %s', (typed, canonical) => {
    expect(normalizeMexicanMobile(typed)).toEqual({ ok: true, phone: canonical });
    expect(canonical).toMatch(CANONICAL_MX_MOBILE);
  });

  const refused: [string, string][] = [
    ['', 'empty'],
    ['   ', 'empty'],
    ['722 123 456', 'length'],
    ['722 123 45678', 'length'],
    ['0722 123 4567', 'length'],
    ['1234567890', 'length'],
    ['+1 415 555 0100', 'foreign'],
    ['+34 612 345 678', 'foreign'],
    ['722-ABC-4567', 'characters'],
    ['722 123 4567 ext. 2', 'characters'],
    ['+52 722 123 45', 'length'],
    ['+52 2 722 123 4567', 'length'],
  ];

  it.each(refused)('should refuse %j (%s)', (typed, refusal) => {
    expect(normalizeMexicanMobile(typed)).toEqual({ ok: false, refusal });
  });

  it('should be idempotent on its own output', () => {
    const first = normalizeMexicanMobile('044 (722) 123-4567');
    expect(first.ok && normalizeMexicanMobile(first.phone)).toEqual(first);
  });

  it('should give Graph API the number without its plus and show it grouped', () => {
    expect(waIdOf('+527221234567')).toBe('527221234567');
    expect(displayPhone('+527221234567')).toBe('+52 722 123 4567');
  });
});
