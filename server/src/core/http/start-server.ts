import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config/app-config';
import { GENERATED_ADMIN_PASSWORD_FILE } from '../database/data-dir';
import { logLevelFrom, LogLevelName } from '../logging/logging';
import { createApp } from './create-app';
import { gracefulShutdown } from './graceful-shutdown';

/**
 * Validates the environment, then builds and starts the server. An invalid
 * environment stops the start with one line naming the variable (exit code 1).
 */
export async function startServer(env: NodeJS.ProcessEnv): Promise<NestFastifyApplication | undefined> {
  let config;
  let logLevel: LogLevelName;
  try {
    config = loadConfig(env);
    logLevel = logLevelFrom(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
    return undefined;
  }
  // NODE_ENV=test keeps logs off, as in the integration tests.
  const app = await createApp(config, config.nodeEnv === 'test' ? {} : { logging: { level: logLevel } });
  await app.listen({ port: config.port, host: config.host });
  const shutdown = gracefulShutdown(app, config.shutdownGraceSeconds * 1000, config.shutdownDrainSeconds * 1000);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      new Logger('Shutdown').log(`${signal} recibido: se terminan las peticiones en curso`);
      shutdown().then(
        (result) => process.exit(result === 'clean' ? 0 : 1),
        (error: unknown) => {
          new Logger('Shutdown').error(error instanceof Error ? error.stack : String(error));
          process.exit(1);
        },
      );
    });
  }
  const database = config.databaseUrl ? 'MySQL' : `SQLite (${config.dataDir})`;
  new Logger('Server').log(
    `Escuchando en ${config.host}:${config.port} (${config.appUrl}); base de datos: ${database}`,
  );
  if (!config.isProduction) {
    // For whoever started it by hand; production output stays one JSON object per line.
    console.log(`\n  Estudio Pilates listo en ${config.appUrl}/pilates  ·  base de datos: ${database}`);
    const passwordFile = join(config.dataDir, GENERATED_ADMIN_PASSWORD_FILE);
    const password = existsSync(passwordFile) ? `  ·  contraseña en ${passwordFile}` : '';
    console.log(`  Administrador: ${config.adminEmail}${password}  ·  API: ${config.appUrl}/api/docs\n`);
  }
  return app;
}
