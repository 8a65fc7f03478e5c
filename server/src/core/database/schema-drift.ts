import type { DataSourceOptions } from 'typeorm';
import { DataSource } from 'typeorm';
import { runMigrationsOnce } from './migrate';

/**
 * The statements TypeORM would still run to make a database built by every migration match the
 * entities — what `typeorm migration:generate` would write. Empty when the migrations and the
 * entities describe the same schema, which is what `npm run db:drift` requires. The database must be
 * empty: every migration runs on it first.
 */
export async function schemaDrift(options: DataSourceOptions): Promise<string[]> {
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  try {
    await runMigrationsOnce(dataSource);
    const pending = await dataSource.driver.createSchemaBuilder().log();
    return pending.upQueries.map((q) => q.query);
  } finally {
    await dataSource.destroy();
  }
}

/**
 * TypeORM reads a MariaDB schema right only when told the server is MariaDB (`type: 'mariadb'`):
 * MariaDB reports a nullable column's missing default as the text `NULL` and `CURRENT_TIMESTAMP` as
 * `current_timestamp()`, and TypeORM's MySQL driver accounts for both only under that type. Under
 * `type: 'mysql'` every nullable column would look changed. The app itself does not care (it never
 * synchronizes); the comparison does.
 */
export function mysqlFamilyType(version: string): 'mysql' | 'mariadb' {
  return /mariadb/i.test(version) ? 'mariadb' : 'mysql';
}
