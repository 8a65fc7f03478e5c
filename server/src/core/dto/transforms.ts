import { Transform } from 'class-transformer';

/** Trims strings; other values pass through for the validators to refuse. */
export const Trim = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Emails are compared trimmed and lower-cased: one account per address, whatever the case typed. */
export const NormalizeEmail = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));

/** For optional fields of edit forms: an empty or blank string means "leave as is". */
export const BlankAsUndefined = () =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  });
