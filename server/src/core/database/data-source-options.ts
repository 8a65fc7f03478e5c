import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { preparePrivateSqliteFile } from './data-dir';

/**
 * The app's schema: every module's entities and the migrations. The app assembles it
 * (server/src/database/schema.ts) and hands it in, so core names no feature module.
 */
export interface DatabaseSchema {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for entity classes
  entities: Function[];
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for migration classes
  migrations: Function[];
}

export const SQLITE_FILE = 'pilates.sqlite';

/**
 * MySQL/MariaDB when DATABASE_URL is set, otherwise an embedded SQLite file in DATA_DIR.
 * The schema always comes from migrations, never from `synchronize`. They are not run by
 * `initialize()` (`migrationsRun`) but by runMigrationsOnce() right after it, under a lock.
 */
export function dataSourceOptions(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  schema: DatabaseSchema,
): DataSourceOptions {
  const common = {
    entities: schema.entities,
    migrations: schema.migrations,
    migrationsRun: false,
    synchronize: false,
    logging: false,
  } as const;
  if (config.databaseUrl) {
    return {
      ...common,
      type: 'mysql',
      url: config.databaseUrl,
      charset: 'utf8mb4_unicode_ci',
      // Store and read datetimes as UTC whatever the server's zone.
      timezone: 'Z',
      dateStrings: ['DATE'],
      connectTimeout: 5000,
      poolSize: 20,
      extra: { enableKeepAlive: true, waitForConnections: true, queueLimit: 500 },
    };
  }
  return {
    ...common,
    type: 'better-sqlite3',
    database: preparePrivateSqliteFile(config.dataDir, SQLITE_FILE),
    enableWAL: true,
    timeout: 5000,
  };
}
