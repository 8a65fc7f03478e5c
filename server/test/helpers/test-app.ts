import type { Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getDataSourceToken } from '@nestjs/typeorm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import supertest from 'supertest';
import type { DataSource } from 'typeorm';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../src/core/auth/csrf.guard';
import type { Clock } from '../../src/core/clock/clock';
import { AppConfig, loadConfig } from '../../src/core/config/app-config';
import { createApp } from '../../src/core/http/create-app';
import { createTestDatabase, TestDatabase } from './test-database';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  dataSource: DataSource;
  /** Raw HTTP, no headers added: for checking what a bare request gets. */
  http: () => ReturnType<typeof supertest>;
  /** A browser-like client: keeps cookies between requests and sends the CSRF header like the web client. */
  agent: () => InstanceType<typeof supertest.agent>;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  extraModules?: Type[];
  /** Reuse a database (and data folder) across app restarts. */
  database?: TestDatabase;
  dataDir?: string;
  /** "Now" for the app (the studio's clock); the system clock when absent. */
  clock?: Clock;
}

/**
 * The real application on a fresh database: SQLite in a temp folder, or a new MySQL schema (copied
 * from the migrated template: the app's start finds no migration to run).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'pilates-test-'));
  const database = options.database ?? (await createTestDatabase({ migrated: true }));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    ADMIN_EMAIL: 'admin@test.local',
    ADMIN_PASSWORD: 'admin-password-1',
    // Every test request comes from 127.0.0.1; the rate-limit test sets its own low limit.
    AUTH_RATE_LIMIT: '10000',
    ARCO_RATE_LIMIT: '10000',
    // No job runs by timer in a test: a tick mid-test would change what the test set up. Tests run
    // the jobs' methods themselves (or JobRunner.run), when they mean to.
    JOBS_ENABLED: '0',
    CLIENT_DIR: join(dataDir, 'no-client'),
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  });
  const app = await createApp(config, { extraModules: options.extraModules, clock: options.clock });
  const dataSource = app.get<DataSource>(getDataSourceToken());
  return {
    app,
    config,
    dataSource,
    http: () => supertest(app.getHttpServer()),
    agent: () => supertest.agent(app.getHttpServer()).set(CSRF_HEADER, CSRF_HEADER_VALUE),
    close: async () => {
      await app.close();
      if (!options.database) await database.drop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
