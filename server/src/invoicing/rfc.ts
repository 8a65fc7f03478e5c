/**
 * The RFC (Registro Federal de Contribuyentes) as the SAT writes it: 4 letters for a person (3 for a
 * company), the date of birth or incorporation (YYMMDD), a 2-character homoclave and a check digit.
 */

/** The generic RFCs: público en general (national) and foreign residents. */
export const RFC_PUBLIC = 'XAXX010101000';
export const RFC_FOREIGN = 'XEXX010101000';

export type RfcKind = 'person' | 'company';

export type RfcCheck = { valid: true; rfc: string; kind: RfcKind; generic: boolean } | { valid: false };

// The SAT's table for the check digit: a character's value is its position.
const CHECK_ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';
const PATTERN = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2})([\dA])$/;

/** The check digit of the first 11 (company) or 12 (person) characters. */
export function rfcCheckDigit(body: string): string {
  // A company's RFC is scored as if it started with a space, so both come to 12 characters.
  const padded = body.length === 11 ? ` ${body}` : body;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += CHECK_ALPHABET.indexOf(padded[i]) * (13 - i);
  const digit = 11 - (sum % 11);
  if (digit === 11) return '0';
  if (digit === 10) return 'A';
  return String(digit);
}

/** Whether YYMMDD is a calendar date (any century: the RFC does not say which). */
function isDate(yy: string, mm: string, dd: string): boolean {
  const month = Number(mm);
  const day = Number(dd);
  if (month < 1 || month > 12 || day < 1) return false;
  // 2000 is a leap year, so "00" accepts Feb 29 as the SAT does for 1900/2000 alike.
  const year = 2000 + Number(yy);
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Validates an RFC (spaces and dashes dropped, upper-cased): format, date and check digit. */
export function checkRfc(input: string): RfcCheck {
  const rfc = input.replace(/[\s-]/g, '').toUpperCase();
  if (rfc === RFC_PUBLIC || rfc === RFC_FOREIGN) return { valid: true, rfc, kind: 'person', generic: true };
  const match = PATTERN.exec(rfc);
  if (!match) return { valid: false };
  const [, letters, yy, mm, dd] = match;
  if (!isDate(yy, mm, dd)) return { valid: false };
  if (rfcCheckDigit(rfc.slice(0, -1)) !== rfc.slice(-1)) return { valid: false };
  return { valid: true, rfc, kind: letters.length === 4 ? 'person' : 'company', generic: false };
}
