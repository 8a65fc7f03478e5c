import { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from '../config/app-config';
import { isDatabaseUnavailable } from '../errors/database-errors';
import { createRootLogger, LoggingOptions, logLevelFrom } from '../logging/logging';
import { dataSourceOptions, type DatabaseSchema } from './data-source-options';
import { runMigrationsOnce } from './migrate';

/** Like the app's start: MySQL may still be starting (10 tries, 3 s apart). */
const CONNECT_ATTEMPTS = 10;
const CONNECT_DELAY_MS = 3000;

async function connect(dataSource: DataSource, delayMs: number): Promise<DataSource> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await dataSource.initialize();
    } catch (error) {
      if (attempt >= CONNECT_ATTEMPTS || !isDatabaseUnavailable(error)) throw error;
      await new Promise((done) => setTimeout(done, delayMs));
    }
  }
}

/**
 * `node server/dist/main.js migrate`: runs the pending migrations under the same lock as the app
 * and exits, without seeding, listening or starting the scheduled jobs. The compose file's
 * one-shot `migrate` service runs it before any app replica starts. Returns the exit code.
 */
export async function migrateCommand(
  env: NodeJS.ProcessEnv,
  schema: DatabaseSchema,
  logging: Pick<LoggingOptions, 'destination'> = {},
  connectDelayMs = CONNECT_DELAY_MS,
): Promise<number> {
  let config;
  let level;
  try {
    config = loadConfig(env);
    level = logLevelFrom(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  const logger = createRootLogger({ ...logging, level }).child({ context: 'Migrate' });
  const dataSource = new DataSource(dataSourceOptions(config, schema));
  try {
    await connect(dataSource, connectDelayMs);
    const ran = await runMigrationsOnce(dataSource);
    logger.info(
      { migrations: ran },
      ran.length > 0
        ? `Migraciones aplicadas (${ran.length}): ${ran.join(', ')}`
        : 'La base de datos ya estaba al día: ninguna migración pendiente',
    );
    return 0;
  } catch (error) {
    logger.error({ err: error }, 'Las migraciones fallaron');
    return 1;
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
  }
}
