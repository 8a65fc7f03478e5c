/**
 * How the intro offer ("Solo primera vez") recognises a person across accounts. Emails are compared
 * trimmed and lower-cased (as registration stores them; Gmail's dots and +suffixes are not folded:
 * a different address counts as a different person, the phone catches most second accounts).
 * Phones are compared by their digits, the last 10 of them when there are more (a Mexican number
 * written with +52, 52 1, 044… is the same 10-digit number); fewer than 7 digits is no phone.
 */
export function introEmailKey(email: string): string {
  return email.trim().toLowerCase();
}

export function introPhoneKey(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length < 7) return null;
  return digits.length > 10 ? digits.slice(-10) : digits;
}
