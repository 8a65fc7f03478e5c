import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api/api-error';

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
