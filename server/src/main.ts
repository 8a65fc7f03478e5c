import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { migrateCommand } from './core/database/migrate-command';
import { startServer } from './core/http/start-server';
import { schema } from './database/schema';

if (existsSync('.env')) process.loadEnvFile('.env');
// `node dist/main.js migrate` only migrates the database and exits (compose's one-shot service).
if (process.argv[2] === 'migrate') {
  void migrateCommand(process.env, schema).then((code) => process.exit(code));
} else {
  void startServer(process.env);
}
