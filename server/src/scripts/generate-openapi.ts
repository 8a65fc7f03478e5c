import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { AppModule } from '../app.module';
import { loadConfig } from '../core/config/app-config';
import { buildOpenApiDocument } from '../core/http/openapi';

/**
 * Writes server/openapi.json without opening a port or a database
 * (preview mode builds the routes without instantiating providers).
 */
async function generate(): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'pilates-openapi-')) });
  const app = await NestFactory.create(AppModule.forRoot(config), new FastifyAdapter(), {
    preview: true,
    logger: false,
  });
  app.setGlobalPrefix('api');
  const document = buildOpenApiDocument(app, { strict: true });
  const target = resolve(__dirname, '../../openapi.json');
  writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
  await app.close();
  console.log(`OpenAPI escrito en ${target}`);
}

void generate();
