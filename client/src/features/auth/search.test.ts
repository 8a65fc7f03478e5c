import { describe, expect, it } from 'vitest';
import { accountSearchSchema } from './search';

describe('accountSearchSchema', () => {
  it('should keep a redirect inside /pilates', () => {
    expect(accountSearchSchema.parse({ redirect: '/pilates/informacion?x=1' })).toEqual({
      redirect: '/pilates/informacion?x=1',
    });
  });

  it.each([['https://evil.example'], ['//evil.example'], ['/cycling'], [42]])('should drop %s', (redirect) => {
    expect(accountSearchSchema.parse({ redirect })).toEqual({ redirect: undefined });
  });

  it('should accept no redirect at all', () => {
    expect(accountSearchSchema.parse({})).toEqual({ redirect: undefined });
  });
});
