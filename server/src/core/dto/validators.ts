import { INVALID_DATE_MESSAGE, isDateOnly } from '@pilates/dates';
import { ValidationArguments, ValidationOptions, registerDecorator } from 'class-validator';

export { INVALID_DATE_MESSAGE, isDateOnly };

/** A `YYYY-MM-DD` calendar date. */
export function IsDateOnly(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isDateOnly',
      target: target.constructor,
      propertyName,
      options: { message: INVALID_DATE_MESSAGE, ...options },
      validator: { validate: isDateOnly },
    });
}

/**
 * A birth date: after 1900-01-01 and not after today. "Today" is taken a day
 * wide so nobody near midnight in any zone is refused their real date.
 */
export function IsBirthDate(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isBirthDate',
      target: target.constructor,
      propertyName,
      options: { message: 'La fecha de nacimiento no es válida.', ...options },
      validator: {
        validate: (value: unknown) => {
          if (!isDateOnly(value)) return false;
          const latest = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
          return value >= '1900-01-01' && value <= latest;
        },
      },
    });
}

/** Equal to another property of the same object (password confirmation). */
export function Matches(property: string, options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'matchesProperty',
      target: target.constructor,
      propertyName,
      constraints: [property],
      options,
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          value === (args.object as Record<string, unknown>)[args.constraints[0] as string],
      },
    });
}

/** A `YYYY-MM-DD` date on or after another date property of the same object (when that one is set). */
export function IsOnOrAfter(property: string, options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isOnOrAfter',
      target: target.constructor,
      propertyName,
      constraints: [property],
      options,
      validator: {
        validate: (value: unknown, args: ValidationArguments) => {
          const other = (args.object as Record<string, unknown>)[args.constraints[0] as string];
          return !isDateOnly(other) || (typeof value === 'string' && value >= other);
        },
      },
    });
}
