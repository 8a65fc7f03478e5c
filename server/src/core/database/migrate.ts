import { DataSource, MigrationExecutor } from 'typeorm';

/** The prefix of the MySQL named lock every replica takes around its migration run. */
export const MIGRATION_LOCK = 'pilates_migrations';

/**
 * The lock's name for one database: MySQL's named locks are server-wide, so the database's name is
 * part of it. Replicas of one studio share it; another database on the same server (a second
 * studio, a test schema migrating at the same moment) never waits for it. At most 64 characters.
 */
export const migrationLockFor = (database: string): string => `${MIGRATION_LOCK}:${database}`.slice(0, 64);
/** How long a replica waits for another one's migrations before it gives up (seconds). */
export const MIGRATION_LOCK_TIMEOUT_SECONDS = 300;

/** Another process held the migration lock for longer than the timeout. */
export class MigrationLockTimeoutError extends Error {
  constructor(lock: string, seconds: number) {
    super(
      `No se pudo tomar el candado de migraciones '${lock}' en ${seconds} s: otro proceso sigue migrando la base de datos`,
    );
  }
}

/**
 * Runs the pending migrations (all in one transaction where the driver allows it) and returns
 * the names of those it ran. On MySQL two replicas starting together would both read the
 * `migrations` table, find the same migration pending and run it twice (MySQL commits each
 * CREATE/ALTER at once, so the loser fails halfway). So the run takes the named lock
 * GET_LOCK('pilates_migrations:<database>') first and runs the migrations on that same connection: the
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
    const [{ name }] = (await runner.query('SELECT DATABASE() AS name')) as { name: string }[];
    const lock = migrationLockFor(name);
    const [row] = (await runner.query('SELECT GET_LOCK(?, ?) AS acquired', [lock, timeoutSeconds])) as {
      acquired: number | string | null;
    }[];
    if (Number(row?.acquired) !== 1) throw new MigrationLockTimeoutError(lock, timeoutSeconds);
    try {
      const executor = new MigrationExecutor(dataSource, runner);
      executor.transaction = 'all';
      return (await executor.executePendingMigrations()).map((m) => m.name);
    } finally {
      await runner.query('SELECT RELEASE_LOCK(?)', [lock]).catch(() => undefined);
    }
  } finally {
    await runner.release();
  }
}
