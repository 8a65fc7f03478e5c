import { DataSource, MigrationExecutor } from 'typeorm';

/** The MySQL named lock every replica takes around its migration run. */
export const MIGRATION_LOCK = 'pilates_migrations';
/** How long a replica waits for another one's migrations before it gives up (seconds). */
export const MIGRATION_LOCK_TIMEOUT_SECONDS = 300;

/** Another process held the migration lock for longer than the timeout. */
export class MigrationLockTimeoutError extends Error {
  constructor(seconds: number) {
    super(
      `No se pudo tomar el candado de migraciones '${MIGRATION_LOCK}' en ${seconds} s: otro proceso sigue migrando la base de datos`,
    );
  }
}

/**
 * Runs the pending migrations (all in one transaction where the driver allows it) and returns
 * the names of those it ran. On MySQL two replicas starting together would both read the
 * `migrations` table, find the same migration pending and run it twice (MySQL commits each
 * CREATE/ALTER at once, so the loser fails halfway). So the run takes the named lock
 * GET_LOCK('pilates_migrations') first and runs the migrations on that same connection: the
 * second replica waits, then finds nothing pending. If the connection dies, MySQL frees the lock
 * with it. SQLite is one process on one file: no lock.
 */
export async function runMigrationsOnce(
  dataSource: DataSource,
  timeoutSeconds = MIGRATION_LOCK_TIMEOUT_SECONDS,
): Promise<string[]> {
  if (dataSource.options.type !== 'mysql' && dataSource.options.type !== 'mariadb') {
    return (await dataSource.runMigrations({ transaction: 'all' })).map((m) => m.name);
  }
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    const [row] = (await runner.query('SELECT GET_LOCK(?, ?) AS acquired', [MIGRATION_LOCK, timeoutSeconds])) as {
      acquired: number | string | null;
    }[];
    if (Number(row?.acquired) !== 1) throw new MigrationLockTimeoutError(timeoutSeconds);
    try {
      const executor = new MigrationExecutor(dataSource, runner);
      executor.transaction = 'all';
      return (await executor.executePendingMigrations()).map((m) => m.name);
    } finally {
      await runner.query('SELECT RELEASE_LOCK(?)', [MIGRATION_LOCK]).catch(() => undefined);
    }
  } finally {
    await runner.release();
  }
}
