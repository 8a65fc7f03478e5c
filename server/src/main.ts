import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { startServer } from './core/http/start-server';

if (existsSync('.env')) process.loadEnvFile('.env');
void startServer(process.env);
