import type { DataSourceOptions } from 'typeorm';
import { migrations } from '../../database/migrations';
import type { AppConfig } from '../config/app-config';
import { preparePrivateSqliteFile } from './data-dir';
import { entities } from './entities';

export const SQLITE_FILE = 'pilates.sqlite';

/**
 * MySQL/MariaDB when DATABASE_URL is set, otherwise an embedded SQLite file in DATA_DIR.
 * The schema always comes from migrations, never from `synchronize`. They are not run by
 * `initialize()` (`migrationsRun`) but by runMigrationsOnce() right after it, under a lock.
 */
export function dataSourceOptions(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): DataSourceOptions {
  const common = { entities, migrations, migrationsRun: false, synchronize: false, logging: false } as const;
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
