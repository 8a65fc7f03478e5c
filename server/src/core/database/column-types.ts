import type { ColumnOptions, ValueTransformer } from 'typeorm';

/**
 * Column options that behave the same on better-sqlite3 and mysql2
 * (`timestamp` and `enum` do not, see stack-notes).
 */
export const DATETIME = 'datetime' as const;

/**
 * `created_at` as the migrations create it: DATETIME without fractions, CURRENT_TIMESTAMP by
 * default. Left to itself TypeORM would want DATETIME(6) on MySQL and datetime('now') on SQLite,
 * and `npm run db:drift` would see a difference.
 */
export const createdAtColumn = (): ColumnOptions => ({
  name: 'created_at',
  type: DATETIME,
  precision: null,
  default: () => 'CURRENT_TIMESTAMP',
});

/** `updated_at` likewise; on MySQL the database also stamps it on UPDATE (migration 1764700000000-SchemaAsEntities). */
export const updatedAtColumn = (): ColumnOptions => ({
  name: 'updated_at',
  type: DATETIME,
  precision: null,
  default: () => 'CURRENT_TIMESTAMP',
  onUpdate: 'CURRENT_TIMESTAMP',
});

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

/**
 * An instant as a raw statement's parameter for a DATETIME column, to the second in UTC
 * ('YYYY-MM-DD HH:MM:SS'): the same text on both drivers (better-sqlite3 takes no Date), so rows
 * written with it compare with it as instants.
 */
export const sqlDatetime = (instant: Date): string => instant.toISOString().slice(0, 19).replace('T', ' ');
