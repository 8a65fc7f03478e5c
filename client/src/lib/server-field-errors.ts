import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api/api-error';

/** Server refusals (by code) that belong under one field of a form, e.g. EMAIL_TAKEN → email. */
export type CodeFields<T extends FieldValues> = Partial<Record<string, FieldPath<T>>>;

/**
 * When the server names fields of this form (`error: { email: ['Ya existe…'] }`), shows its
 * messages under those fields too. The red box above the button shows all of them anyway.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
): void {
  if (!isApiError(error)) return;
  for (const field of fields) {
    const messages = error.fieldErrors[field];
    if (messages?.length) setError(field, { type: 'server', message: messages.join(', ') });
  }
}

/** Shows a server refusal under its field: a code that names a field, or the field messages of a 400. */
export function showFormErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
  codeFields: CodeFields<T> = {},
): void {
  if (!isApiError(error)) return;
  const field = codeFields[error.code];
  if (field) setError(field, { type: 'server', message: error.messages.join(' ') });
  else showServerFieldErrors(error, fields, setError);
}

/** True when every message of the refusal is shown under a field, so the red box would only repeat it. */
export function shownUnderFields<T extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<T>[],
  codeFields: CodeFields<T> = {},
): boolean {
  if (!isApiError(error)) return false;
  if (codeFields[error.code]) return true;
  const named = Object.keys(error.fieldErrors);
  return named.length > 0 && named.every((name) => (fields as readonly string[]).includes(name));
}
