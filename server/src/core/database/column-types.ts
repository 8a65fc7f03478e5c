import { ValueTransformer } from 'typeorm';

/**
 * Column options that behave the same on better-sqlite3 and mysql2
 * (`timestamp` and `enum` do not, see stack-notes).
 */
export const DATETIME = 'datetime' as const;

/** mysql2 returns BOOLEAN (TINYINT) as 0/1 in raw queries; keep entities on real booleans. */
export const booleanTransformer: ValueTransformer = {
  to: (value: boolean | undefined) => value,
  from: (value: unknown) => (value === null || value === undefined ? value : Boolean(Number(value))),
};

/**
 * A DATETIME read by a raw query: mysql2 gives a Date (timezone 'Z'), SQLite the
 * 'YYYY-MM-DD HH:MM:SS[.SSS]' text in UTC that TypeORM wrote.
 */
export const toDate = (value: string | Date): Date =>
  value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}${/Z|[+-]\d\d:?\d\d$/.test(value) ? '' : 'Z'}`);

/** `toDate` for a nullable column. */
export const fromDbDatetime = (value: Date | string | null | undefined): Date | null =>
  value === null || value === undefined ? null : toDate(value);
