import { ValidateBy, type ValidationOptions } from 'class-validator';
import { normalizeMexicanMobile, PHONE_NUMBER_REFUSALS } from './phone-number';

/** The longest text a number field takes (spaces, dashes and prefixes included). */
export const PHONE_INPUT_MAX = 40;

/**
 * A Mexican mobile number as people type it (phone-number.ts); the refusal says why in Spanish.
 * The service stores its canonical `+52…` form.
 */
export function IsMexicanMobile(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isMexicanMobile',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && value.length <= PHONE_INPUT_MAX && normalizeMexicanMobile(value).ok,
        defaultMessage: (args) => {
          const value: unknown = args?.value;
          if (typeof value !== 'string' || value.length > PHONE_INPUT_MAX) return PHONE_NUMBER_REFUSALS.length;
          const result = normalizeMexicanMobile(value);
          return result.ok ? PHONE_NUMBER_REFUSALS.length : PHONE_NUMBER_REFUSALS[result.refusal];
        },
      },
    },
    options,
  );
}
