import 'reflect-metadata';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../core/database/data-source-options';
import { runMigrationsOnce } from '../core/database/migrate';

/**
 * `npm run db:drift`: the migrations and the entities describe the same schema. On a fresh
 * database (SQLite, then MariaDB at DRIFT_MARIADB_URL, mysql://root@127.0.0.1:3306 by default)
 * every migration runs, then TypeORM works out the migration the entities would still need —
 * what `typeorm migration:generate` writes. MariaDB is skipped when nothing answers, unless
 * DRIFT_REQUIRE_MARIADB=1 (CI).
 *
 * The migrations were written by hand and name what the entities leave to TypeORM (index and
 * foreign-key names, CHECK constraints, DEFAULT NULL, datetime precision), so that generated
 * migration is not empty today: its statements are recorded in server/migration-drift.json. Any
 * statement beyond or missing from that record — an entity changed without its migration, or the
 * other way round — is printed and the exit code is 1. Once the entities declare those names the
 * record is emptied (DRIFT_RECORD=1 rewrites it from the current difference).
 */
async function driftOf(dataSource: DataSource): Promise<string[]> {
  await dataSource.initialize();
  try {
    await runMigrationsOnce(dataSource);
    const pending = await dataSource.driver.createSchemaBuilder().log();
    return pending.upQueries.map((q) => q.query);
  } finally {
    await dataSource.destroy();
  }
}

const RECORD = resolve(__dirname, '../../migration-drift.json');
type Recorded = Record<'sqlite' | 'mariadb', string[]>;
const recorded: Recorded = JSON.parse(readFileSync(RECORD, 'utf8')) as Recorded;
const current: Partial<Recorded> = {};

/** Statements of `a` not in `b`, counted (a statement may appear more than once). */
function minus(a: string[], b: string[]): string[] {
  const left = new Map<string, number>();
  for (const s of b) left.set(s, (left.get(s) ?? 0) + 1);
  return a.filter((s) => {
    const n = left.get(s) ?? 0;
    if (n === 0) return true;
    left.set(s, n - 1);
    return false;
  });
}

function report(label: string, key: keyof Recorded, statements: string[]): boolean {
  current[key] = statements;
  const added = minus(statements, recorded[key]);
  const gone = minus(recorded[key], statements);
  if (added.length === 0 && gone.length === 0) {
    console.log(
      `${label}: las migraciones y las entidades coinciden (${statements.length} diferencias conocidas, registradas en migration-drift.json).`,
    );
    return true;
  }
  console.error(`${label}: las migraciones y las entidades ya no describen el mismo esquema.`);
  if (added.length > 0) {
    console.error(`  Las entidades piden ${added.length} sentencias que ninguna migración hace:`);
    for (const statement of added) console.error(`    ${statement};`);
  }
  if (gone.length > 0) {
    console.error(`  ${gone.length} diferencias registradas ya no aparecen (DRIFT_RECORD=1 actualiza el registro):`);
    for (const statement of gone) console.error(`    ${statement};`);
  }
  return false;
}

async function main(): Promise<number> {
  let ok = true;
  const dataDir = mkdtempSync(join(tmpdir(), 'pilates-drift-'));
  try {
    ok =
      report('SQLite', 'sqlite', await driftOf(new DataSource(dataSourceOptions({ databaseUrl: '', dataDir })))) && ok;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const server = (process.env.DRIFT_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/$/, '');
  const admin = await createConnection({ uri: server }).catch((error: Error) => error);
  if (admin instanceof Error) {
    if (process.env.DRIFT_REQUIRE_MARIADB === '1') {
      console.error(`MariaDB: no responde en ${server} (${admin.message})`);
      return 1;
    }
    console.log(`MariaDB: omitido (nada responde en ${server})`);
    return ok ? 0 : 1;
  }
  const database = `pilates_drift_${Date.now()}`;
  try {
    await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const options = dataSourceOptions({ databaseUrl: `${server}/${database}`, dataDir: tmpdir() });
    ok = report('MariaDB', 'mariadb', await driftOf(new DataSource(options))) && ok;
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await admin.end();
  }
  if (process.env.DRIFT_RECORD === '1') {
    writeFileSync(RECORD, `${JSON.stringify({ ...recorded, ...current }, null, 2)}\n`);
    console.log(`Registro reescrito: ${RECORD}`);
    return 0;
  }
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
