import { COMMON_PASSWORDS_TEXT } from './common-passwords';
import { isCommonPassword } from './password-policy';

describe('the common-password list', () => {
  const words = COMMON_PASSWORDS_TEXT.split(/\s+/).filter((word) => word !== '');

  it('should hold a few hundred distinct lower-case passwords of at least 8 characters', () => {
    expect(words.length).toBeGreaterThan(300);
    expect(new Set(words).size).toBe(words.length);
    expect(words.filter((word) => word.length < 8 || word !== word.toLowerCase().normalize('NFC'))).toEqual([]);
  });

  it('should know the Spanish and Mexican favourites, whatever the case or the spaces around', () => {
    for (const password of [
      'contraseña',
      'Contraseña123',
      '12345678',
      'pilates123',
      'Mexico123',
      ' teamo123 ',
      'QWERTY123',
    ]) {
      expect([password, isCommonPassword(password)]).toEqual([password, true]);
    }
    for (const password of ['clave-segura-1', 'mi perro se llama Toby', 'contraseña-de-ana-1990']) {
      expect([password, isCommonPassword(password)]).toEqual([password, false]);
    }
  });
});
