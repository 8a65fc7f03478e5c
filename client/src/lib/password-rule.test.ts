import { describe, expect, it } from 'vitest';
import { newPasswordSchema, PASSWORD_MESSAGES } from './password-rule';

const messageOf = (value: string): string | undefined => newPasswordSchema().safeParse(value).error?.issues[0]?.message;

describe('the rule of a chosen password (as the server checks it)', () => {
  it('should say which rule a password breaks, in Spanish', () => {
    expect(messageOf('')).toBe('La contraseña es obligatoria');
    expect(messageOf('1234567')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(messageOf(' '.repeat(8))).toBe('La contraseña no puede ser solo espacios');
    expect(messageOf('\t \n      ')).toBe('La contraseña no puede ser solo espacios');
    expect(messageOf('x'.repeat(129))).toBe('La contraseña no puede tener más de 128 caracteres');
  });

  it('should accept eight characters that are not all spaces, spaces included', () => {
    expect(messageOf('clave-segura-1')).toBeUndefined();
    expect(messageOf('  una frase  ')).toBeUndefined();
  });
});
