import { randomBytes, randomInt } from 'node:crypto';

/** Capital letters and digits without the ones read alike (0/O, 1/I/L): 31 characters. */
export const GIFT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 16 characters of 31: about 79 bits of randomness. */
export const GIFT_CODE_LENGTH = 16;

/** A new code, upper case without dashes (as stored). */
export function newGiftCode(): string {
  let code = '';
  for (let i = 0; i < GIFT_CODE_LENGTH; i++) code += GIFT_CODE_ALPHABET[randomInt(GIFT_CODE_ALPHABET.length)];
  return code;
}

/** A code as typed: any case, with or without dashes and spaces; null when it cannot be a code. */
export function normalizeGiftCode(typed: string): string | null {
  const code = typed.replace(/[\s-]+/g, '').toUpperCase();
  if (code.length !== GIFT_CODE_LENGTH) return null;
  for (const char of code) if (!GIFT_CODE_ALPHABET.includes(char)) return null;
  return code;
}

/** The code as shown and mailed: XXXX-XXXX-XXXX-XXXX. */
export const formatGiftCode = (code: string): string => code.match(/.{1,4}/g)!.join('-');

/** The printable page's token: 128 random bits, hexadecimal. */
export const newPageToken = (): string => randomBytes(16).toString('hex');
