import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { dataSourceOptions } from '../core/database/data-source-options';
import { mysqlFamilyType, schemaDrift } from '../core/database/schema-drift';
import { schema } from '../database/schema';

/**
 * `npm run db:drift`: the migrations and the entities describe the same schema. On a fresh
 * database (SQLite, then MariaDB/MySQL at DRIFT_MARIADB_URL, mysql://root@127.0.0.1:3306 by default)
 * every migration runs, then TypeORM works out the migration the entities would still need. It must
 * be empty: any statement — an entity changed without its migration, or the other way round — is
 * printed and the exit code is 1. The entities therefore name what the migrations name (indexes,
 * foreign keys, CHECKs) and spell defaults and datetime precision as the migrations do.
 * MariaDB is skipped when nothing answers, unless DRIFT_REQUIRE_MARIADB=1 (CI).
 */
function report(label: string, statements: string[]): boolean {
  if (statements.length === 0) {
    console.log(`${label}: las migraciones y las entidades describen el mismo esquema (0 diferencias).`);
    return true;
  }
  console.error(`${label}: las migraciones y las entidades no describen el mismo esquema.`);
  console.error(`  Las entidades piden ${statements.length} sentencias que ninguna migración hace:`);
  for (const statement of statements) console.error(`    ${statement};`);
  return false;
}

async function main(): Promise<number> {
  let ok = true;
  const dataDir = mkdtempSync(join(tmpdir(), 'pilates-drift-'));
  try {
    ok = report('SQLite', await schemaDrift(dataSourceOptions({ databaseUrl: '', dataDir }, schema))) && ok;
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
    const [rows] = await admin.query('SELECT VERSION() AS version');
    const type = mysqlFamilyType(String((rows as { version: string }[])[0]?.version ?? ''));
    await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const options = dataSourceOptions({ databaseUrl: `${server}/${database}`, dataDir: tmpdir() }, schema);
    ok =
      report(type === 'mariadb' ? 'MariaDB' : 'MySQL', await schemaDrift({ ...options, type } as typeof options)) && ok;
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await admin.end();
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
