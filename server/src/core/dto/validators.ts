import { INVALID_DATE_MESSAGE, isDateOnly } from '@pilates/dates';
import { applyDecorators } from '@nestjs/common';
import {
  IsInt,
  IsNotEmpty,
  Max,
  Min,
  ValidationArguments,
  ValidationOptions,
  registerDecorator,
} from 'class-validator';

export { INVALID_DATE_MESSAGE, isDateOnly };

/** A class's date in a body: required, a `YYYY-MM-DD` date of the studio's calendar. */
export function IsRequiredDate(): PropertyDecorator {
  return applyDecorators(IsNotEmpty({ message: 'La fecha es obligatoria' }), IsDateOnly() as PropertyDecorator);
}

/**
 * A row's id in a body (a class of the timetable, a reservation, a user, a reformer): a whole number
 * from 1 to MAX_ID; anything else answers `message` ("La clase no es válida").
 */
export function IsRowId(message: string): PropertyDecorator {
  return applyDecorators(IsInt({ message }), Min(1, { message }), Max(MAX_ID, { message }));
}

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

/** The largest id a database row can have (signed 32-bit INT on MySQL): larger numbers are refused, not sent to SQL. */
export const MAX_ID = 2_147_483_647;
/** Pages past this hold nothing anyone will ask for; it keeps OFFSET well inside an integer. */
export const MAX_PAGE = 100_000;

/**
 * An amount of pesos with at most two decimals. Not @IsNumber({ maxDecimalPlaces }): that one
 * reads the decimals from the number's text and throws (500) on 1e-7, which prints as "1e-7".
 */
export function IsPesos(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isPesos',
      target: target.constructor,
      propertyName,
      options,
      validator: {
        validate: (value: unknown) =>
          typeof value === 'number' && Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      },
    });
}

const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** At most `maxDays` days from another date property, both ends included (a period, a range). */
export function WithinDaysOf(property: string, maxDays: number, options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'withinDaysOf',
      target: target.constructor,
      propertyName,
      constraints: [property, maxDays],
      options,
      validator: {
        validate: (value: unknown, args: ValidationArguments) => {
          const start = (args.object as Record<string, unknown>)[args.constraints[0] as string];
          if (!isDateOnly(start) || !isDateOnly(value)) return true; // the date checks speak for these
          return dayNumber(value) - dayNumber(start) + 1 <= (args.constraints[1] as number);
        },
      },
    });
}
