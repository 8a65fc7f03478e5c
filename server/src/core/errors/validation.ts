import type { ValidationError } from 'class-validator';
import { ApiError, ErrorCode } from './api-error';

const UNKNOWN_FIELD = 'Este campo no está permitido.';

/** Flattens class-validator errors into field → messages, with nested paths as `a.b`. */
export function collectFieldErrors(errors: ValidationError[], parent = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) {
      out[field] = Object.entries(error.constraints).map(([rule, message]) =>
        rule === 'whitelistValidation' ? UNKNOWN_FIELD : message,
      );
    }
    if (error.children?.length) Object.assign(out, collectFieldErrors(error.children, field));
  }
  return out;
}

export const validationExceptionFactory = (errors: ValidationError[]): ApiError =>
  new ApiError(ErrorCode.VALIDATION_ERROR, collectFieldErrors(errors));
