const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_LOCK_WAIT_TIMEOUT',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
]);

const DUPLICATE_CODES = new Set(['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

const codesOf = (error: unknown): string[] => {
  const codes: string[] = [];
  let current: unknown = error;
  // TypeORM wraps the driver's error in `driverError`; mysql2 may nest a `cause`.
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, driverError, cause } = current as { code?: unknown; driverError?: unknown; cause?: unknown };
    if (typeof code === 'string') codes.push(code);
    current = driverError ?? cause;
  }
  return codes;
};

/** True when the error means the database could not be reached or answered in time. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (codesOf(error).some((c) => UNAVAILABLE_CODES.has(c))) return true;
  const message = error instanceof Error ? error.message : '';
  return /Pool is closed|Connection lost|connect ETIMEDOUT|Can't add new command when connection is in closed state|database is locked/i.test(
    message,
  );
}

/** True when a unique index refused the write. */
export function isUniqueViolation(error: unknown): boolean {
  return codesOf(error).some((c) => DUPLICATE_CODES.has(c));
}
