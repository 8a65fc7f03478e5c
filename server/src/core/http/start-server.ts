import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConfigError, loadConfig } from '../config/app-config';
import { createApp } from './create-app';

/**
 * Validates the environment, then builds and starts the server. An invalid
 * environment stops the start with one line naming the variable (exit code 1).
 */
export async function startServer(env: NodeJS.ProcessEnv): Promise<NestFastifyApplication | undefined> {
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
    return undefined;
  }
  const app = await createApp(config);
  await app.listen({ port: config.port, host: config.host });
  const database = config.databaseUrl ? 'MySQL' : `SQLite (${config.dataDir})`;
  console.log(`\n  Estudio Pilates listo en ${config.appUrl}/pilates  ·  base de datos: ${database}`);
  console.log(`  Administrador: ${config.adminEmail}  ·  API: ${config.appUrl}/api/docs\n`);
  return app;
}
