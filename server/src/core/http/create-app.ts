import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { LogLevel, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { existsSync } from 'node:fs';
import { AppModule } from '../../app.module';
import type { Clock } from '../clock/clock';
import type { AppConfig } from '../config/app-config';
import { buildOpenApiDocument } from './openapi';

/** The map embed is the only third-party frame the site shows. */
export const MAP_FRAME_SOURCES = ['https://www.google.com', 'https://maps.google.com'];

export interface CreateAppOptions {
  logger?: LogLevel[] | false;
  extraModules?: Type[];
  /** Tests pass a FixedClock; the app uses the system clock otherwise. */
  clock?: Clock;
}

/**
 * Builds the whole application: API under /api, OpenAPI at /api/docs and
 * /api/docs-json, and the built client with its SPA fallback, on one Fastify server.
 * Used by main.ts and by the integration tests, so both run the same stack.
 */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({ bodyLimit: 100 * 1024, trustProxy: config.isProduction });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, options.extraModules, options.clock),
    adapter,
    {
      logger: options.logger ?? (config.nodeEnv === 'test' ? false : ['log', 'warn', 'error']),
      // Throw instead of exiting, so the caller decides (main prints, tests report).
      abortOnError: false,
    },
  );

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: MAP_FRAME_SOURCES,
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    hsts: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);

  if (existsSync(config.clientDir)) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      prefix: '/',
      // Files are listed once at start; unknown paths fall through to the SPA fallback.
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes('/assets/');
        void res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  app.setGlobalPrefix('api');
  app.enableShutdownHooks();

  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('api/docs', app, () => document, { ui: true, raw: false });
  // Served here rather than by SwaggerModule: its async handler loses the body under @fastify/compress.
  app
    .getHttpAdapter()
    .getInstance()
    .get('/api/docs-json', async (_request, reply) => {
      void reply.header('cache-control', 'no-cache');
      return document;
    });

  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
