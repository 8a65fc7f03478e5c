import { introEmailKey, introPhoneKey } from './intro-offer';

describe('intro offer keys', () => {
  it.each([
    ['722 123 4567', '7221234567'],
    ['+52 7221234567', '7221234567'],
    ['+52 1 (722) 123-45-67', '7221234567'],
    ['044 722 123 4567', '7221234567'],
    ['555-0100', '5550100'],
  ])('should read %s as %s', (phone, key) => {
    expect(introPhoneKey(phone)).toBe(key);
  });

  it.each([[null], [''], ['12-34'], ['sin teléfono']])('should give no phone key for %j', (phone) => {
    expect(introPhoneKey(phone)).toBeNull();
  });

  it('should compare emails trimmed and lower-cased', () => {
    expect(introEmailKey('  Ana.Lopez@Example.COM ')).toBe('ana.lopez@example.com');
  });
});
