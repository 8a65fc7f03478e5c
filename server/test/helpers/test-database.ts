import { createHash, randomBytes } from 'node:crypto';
import { createConnection, type Connection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/core/database/data-source-options';
import { runMigrationsOnce } from '../../src/core/database/migrate';
import { schema } from '../../src/database/schema';

export interface TestDatabase {
  /** A mysql:// URL, or undefined for the embedded SQLite file. */
  url?: string;
  driver: 'mysql' | 'sqlite';
  drop: () => Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * MySQL/MariaDB only: the new schema starts as a copy of one with every migration run (tables,
   * keys, checks, the `migrations` rows and what the migrations wrote), instead of empty for the app
   * to migrate. Migrating on MariaDB takes seconds (each CREATE/ALTER commits on its own); copying the
   * final tables, a fraction of that. createTestApp asks for it when the test brings no database of
   * its own; tests about migrations (replicas, drift, backups) create empty ones.
   */
  migrated?: boolean;
}

/**
 * With TEST_DATABASE_URL=mysql://root@127.0.0.1:3306/test each test file gets its
 * own new schema on that server (dropped afterwards); otherwise SQLite.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { driver: 'sqlite', drop: async () => undefined };
  const name = `pilates_test_${randomBytes(5).toString('hex')}`;
  const admin = await createConnection({ uri: base });
  try {
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    if (options.migrated) await copySchema(admin, await migratedTemplate(base), name);
  } catch (error) {
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``).catch(() => undefined);
    throw error;
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(base, name),
    driver: 'mysql',
    drop: async () => {
      const connection = await createConnection({ uri: base });
      await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await connection.end();
    },
  };
}

/** The MariaDB server of the tests that need one in every run: TEST_DATABASE_URL's, else 127.0.0.1:3306. */
export const MARIADB = process.env.TEST_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/test';

/**
 * A new, empty MariaDB database named `<prefix>_<random>`, whatever the run (SQLite or MySQL): for the
 * tests about what only a server shows (two processes, a lock, an outage, the backup service).
 * `drop` also drops the databases named `<name><suffix>` for each of `alsoDrop` (scratch copies).
 */
export async function createMariaDbDatabase(
  prefix: string,
  { alsoDrop = [] }: { alsoDrop?: string[] } = {},
): Promise<TestDatabase & { url: string; name: string }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = await createConnection({ uri: MARIADB });
  try {
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(MARIADB, name),
    driver: 'mysql',
    drop: async () => {
      const connection = await createConnection({ uri: MARIADB });
      try {
        for (const database of [name, ...alsoDrop.map((suffix) => `${name}${suffix}`)]) {
          await connection.query(`DROP DATABASE IF EXISTS \`${database}\``);
        }
      } finally {
        await connection.end();
      }
    },
  };
}

const withDatabase = (base: string, name: string): string => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
};

/** The migrated template of this process (one per test worker, made at its first use). */
let template: Promise<string> | undefined;

/**
 * A schema on the server with every migration run, named after the list of migrations: every test
 * process (and run) with the same migrations shares it; a new migration makes a new one, and the
 * templates of older lists are dropped then. Built under a named lock; a template whose
 * `migrations` table is not complete (a run stopped halfway) is built again.
 */
function migratedTemplate(base: string): Promise<string> {
  template ??= (async () => {
    const names = schema.migrations.map((migration) => migration.name);
    const name = `pilates_tpl_${createHash('sha256').update(names.join(',')).digest('hex').slice(0, 12)}`;
    const connection = await createConnection({ uri: base });
    try {
      const [[lock]] = (await connection.query("SELECT GET_LOCK('pilates_test_template', 300) AS acquired")) as [
        { acquired: number }[],
        unknown,
      ];
      if (Number(lock.acquired) !== 1) throw new Error('No se pudo tomar el candado de la plantilla de pruebas');
      try {
        if ((await migrationsIn(connection, name)) !== names.length) {
          const [stale] = (await connection.query(
            "SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name LIKE 'pilates\\_tpl\\_%'",
          )) as [{ name: string }[], unknown];
          for (const old of stale) await connection.query(`DROP DATABASE IF EXISTS \`${old.name}\``);
          await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
          const dataSource = await new DataSource(
            dataSourceOptions({ databaseUrl: withDatabase(base, name), dataDir: '' }, schema),
          ).initialize();
          try {
            await runMigrationsOnce(dataSource);
          } finally {
            await dataSource.destroy();
          }
        }
      } finally {
        await connection.query("SELECT RELEASE_LOCK('pilates_test_template')");
      }
    } finally {
      await connection.end();
    }
    return name;
  })();
  // A failed build is not kept: the next file tries again.
  template.catch(() => (template = undefined));
  return template;
}

/** How many migrations the template records (0 when it does not exist). */
async function migrationsIn(connection: Connection, database: string): Promise<number> {
  const [tables] = (await connection.query(
    "SELECT 1 FROM information_schema.tables WHERE table_schema = ? AND table_name = 'migrations'",
    [database],
  )) as [unknown[], unknown];
  if (tables.length === 0) return 0;
  const [[row]] = (await connection.query(`SELECT COUNT(*) AS n FROM \`${database}\`.migrations`)) as [
    { n: number }[],
    unknown,
  ];
  return Number(row.n);
}

/** Every table of `from` (as SHOW CREATE TABLE gives it: keys, foreign keys, checks) and its rows, into `to`. */
async function copySchema(connection: Connection, from: string, to: string): Promise<void> {
  const [tables] = (await connection.query(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'",
    [from],
  )) as [{ name: string }[], unknown];
  // Tables in any order: their foreign keys name tables created later.
  await connection.query('SET SESSION foreign_key_checks = 0');
  try {
    await connection.query(`USE \`${to}\``);
    for (const { name } of tables) {
      const [[shown]] = (await connection.query(`SHOW CREATE TABLE \`${from}\`.\`${name}\``)) as [
        Record<string, string>[],
        unknown,
      ];
      await connection.query(shown['Create Table']);
      await connection.query(`INSERT INTO \`${to}\`.\`${name}\` SELECT * FROM \`${from}\`.\`${name}\``);
    }
  } finally {
    await connection.query('SET SESSION foreign_key_checks = 1');
  }
}
