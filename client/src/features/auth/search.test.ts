import { describe, expect, it } from 'vitest';
import { accountSearchSchema, loginReason } from './search';

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

describe('loginReason', () => {
  it('should say why a guest was sent to log in, from the page they go back to', () => {
    expect(loginReason('/pilates/reservar?fecha=2026-11-30')).toBe('Inicia sesión para reservar tu clase.');
    expect(loginReason('/pilates/planes?comprar=4')).toBe('Inicia sesión para comprar tu plan.');
    expect(loginReason('/pilates/clases')).toBe('Inicia sesión para continuar.');
  });

  it('should say nothing to a visitor who came to log in by themselves', () => {
    expect(loginReason(undefined)).toBeNull();
  });
});
