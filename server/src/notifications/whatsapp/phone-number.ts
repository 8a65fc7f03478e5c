/**
 * Mexican mobile numbers as people type them, to one canonical E.164 form: `+52` and the 10
 * national digits. Since 2019 a Mexican number is dialled as its 10 digits everywhere: the old
 * prefixes (044/045 from a landline, 01 long distance, the `1` after +52 for mobiles) are gone but
 * still typed, and WhatsApp itself reports many older accounts as `521` + 10 digits (their wa_id),
 * so inbound `from` numbers go through here too.
 */

/** What is stored and sent: `+52` and 10 digits, the first of them 2–9 (no area code starts with 0 or 1). */
export const CANONICAL_MX_MOBILE = /^\+52[2-9]\d{9}$/;

export type PhoneNumberRefusal = 'empty' | 'characters' | 'foreign' | 'length';

/** The Spanish sentence each refusal shows under the field. */
export const PHONE_NUMBER_REFUSALS: Record<PhoneNumberRefusal, string> = {
  empty: 'Escribe tu número de celular.',
  characters: 'El celular solo lleva dígitos (puedes separarlos con espacios o guiones).',
  foreign: 'Por ahora solo enviamos WhatsApp a celulares de México (+52).',
  length: 'Escribe tu celular a 10 dígitos, por ejemplo 722 123 4567.',
};

export type NormalizedPhone = { ok: true; phone: string } | { ok: false; refusal: PhoneNumberRefusal };

// Separators people type between groups: spaces (also non-breaking), dashes, dots, slashes, parentheses.
const SEPARATORS = /[\s\u00a0\-–—.()/]/g;

/** The canonical `+52XXXXXXXXXX`, or why the text is not a Mexican mobile number. */
export function normalizeMexicanMobile(input: string): NormalizedPhone {
  const compact = input.trim().replace(SEPARATORS, '');
  if (compact === '') return { ok: false, refusal: 'empty' };
  if (!/^\+?\d+$/.test(compact)) return { ok: false, refusal: 'characters' };
  let digits = compact.replace('+', '');
  let international = compact.startsWith('+');
  if (!international && digits.startsWith('00')) {
    // 00 is the international prefix dialled from Mexico (and most countries).
    digits = digits.slice(2);
    international = true;
  }
  let national: string | null = null;
  if (international) {
    if (!digits.startsWith('52')) return { ok: false, refusal: 'foreign' };
    national = nationalAfterCountryCode(digits.slice(2));
  } else if (digits.length === 10) {
    national = digits;
  } else if (digits.length === 13 && /^04[45]/.test(digits)) {
    national = digits.slice(3); // 044/045 + 10 digits: a mobile called from a landline, as before 2019.
  } else if (digits.length === 12 && digits.startsWith('01')) {
    national = digits.slice(2); // 01 + 10 digits: the old long-distance prefix.
  } else if (digits.length === 11 && digits.startsWith('1')) {
    national = digits.slice(1); // 1 + 10 digits: the old mobile prefix.
  } else if (digits.startsWith('52') && (digits.length === 12 || digits.length === 13)) {
    national = nationalAfterCountryCode(digits.slice(2)); // 52… without the plus.
  }
  if (national === null || !/^[2-9]\d{9}$/.test(national)) return { ok: false, refusal: 'length' };
  return { ok: true, phone: `+52${national}` };
}

/** After 52: 10 digits, or the old mobile `1` and 10 digits. */
function nationalAfterCountryCode(rest: string): string | null {
  if (rest.length === 10) return rest;
  if (rest.length === 11 && rest.startsWith('1')) return rest.slice(1);
  return null;
}

/** What Graph API's `to` takes: the canonical number without its plus. */
export const waIdOf = (phone: string): string => phone.replace(/^\+/, '');

/** "+52 722 123 4567": how a canonical number is shown. */
export const displayPhone = (phone: string): string =>
  CANONICAL_MX_MOBILE.test(phone) ? `+52 ${phone.slice(3, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}` : phone;
