import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { existsSync } from 'node:fs';
import { Logger } from 'nestjs-pino';
import { AppModule } from '../../app.module';
import type { Clock } from '../clock/clock';
import type { AppConfig } from '../config/app-config';
import { createRootLogger, LoggedAppModule, LoggingOptions, registerRequestLogging } from '../logging/logging';
import { genReqId, registerRequestIdHeader } from '../logging/request-id';
import { ensurePrivateDir } from '../database/data-dir';
import { Metrics, registerMetrics } from '../metrics/metrics';
import { refuseDeepBodies } from './body-depth';
import { keepRawBody } from './raw-body';
import { closeConnectionsWhenClosing } from './graceful-shutdown';
import { registerInstanceHeader } from './instance-header';
import { registerSecurityHeaders } from './security-headers';
import { ClientAppService } from './client-app.service';
import { buildOpenApiDocument } from './openapi';

/** The map embed is the only third-party frame the site shows. */
export const MAP_FRAME_SOURCES = ['https://www.google.com', 'https://maps.google.com'];

export interface CreateAppOptions {
  /**
   * Structured JSON logs (pino): the level and, in tests, a stream to read the lines from.
   * Default: on at `info` on standard output, off when NODE_ENV=test; `false` turns them off.
   */
  logging?: LoggingOptions | false;
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
  // Secrets, mails and (on SQLite) the database live here: the server's user alone reads it.
  ensurePrivateDir(config.dataDir);
  const adapter = new FastifyAdapter({
    bodyLimit: 100 * 1024,
    // Off unless TRUST_PROXY names the proxies in front: a trusted X-Forwarded-For is client-written otherwise.
    trustProxy: config.trustProxy,
    genReqId,
    // A client that trickles its request, or never sends one, loses the connection.
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      // Node checks the two timeouts above this often (30 s by default): a second keeps them close to exact.
      connectionsCheckingInterval: 1000,
    },
    // While the server closes (SIGTERM), a request that still arrives on an open keep-alive
    // connection is answered normally, with `Connection: close`, instead of Fastify's 503: a load
    // balancer passes a 503 on to the client, but it retries a refused connection on another replica.
    return503OnClosing: false,
  });
  const logging = options.logging ?? (config.nodeEnv === 'test' ? false : {});
  const logger = logging ? createRootLogger(logging) : undefined;
  const appModule = AppModule.forRoot(config, options.extraModules, options.clock);
  const app = await NestFactory.create<NestFastifyApplication>(
    logger ? LoggedAppModule.forRoot(appModule, logger) : appModule,
    adapter,
    {
      // Kept until the pino logger takes over below, so start-up lines come out as JSON too.
      bufferLogs: !!logger,
      logger: logger ? undefined : false,
      // Throw instead of exiting, so the caller decides (main prints, tests report).
      abortOnError: false,
    },
  );
  const fastify = app.getHttpAdapter().getInstance();
  registerRequestIdHeader(fastify);
  registerInstanceHeader(fastify, config.instanceName);
  registerMetrics(fastify, app.get(Metrics), config.metricsToken);
  if (logger) {
    registerRequestLogging(fastify, logger);
    app.useLogger(app.get(Logger));
    // Nest flushes the buffer only on listen(); tests never listen.
    app.flushLogs();
  }

  registerSecurityHeaders(fastify, {
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
  // Forms with a file (an instructor's photo): read only where a route asks (request.parts()), within
  // these limits unless the route narrows them; the JSON body limit above does not apply to them.
  await app.register(multipart, {
    limits: { fileSize: 8 * 1024 * 1024, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 50 },
  });

  if (existsSync(config.clientDir)) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      prefix: '/',
      // Files are listed once at start; unknown paths fall through to the SPA fallback.
      wildcard: false,
      index: false,
      // The server's renderer and the build's manifest are for the server, not files to download.
      allowedPath: (path) => !path.startsWith('/ssr/') && !path.startsWith('/.vite/'),
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes('/assets/');
        void res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  // The site's pages, rendered on the server; any other address outside /api gets the 404 page from
  // the error filter.
  const clientApp = app.get(ClientAppService);
  if (clientApp.available) {
    for (const path of ['/', '/pilates', '/pilates/*', '/cycling', '/cycling/*']) {
      fastify.get(path, async (request, reply) => {
        await clientApp.sendPage(request, reply);
        return reply;
      });
    }
  }

  // An API answer may carry someone's data: no cache keeps it unless its route says otherwise.
  // A callback hook, not an async one: no promise per answer.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      void reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  refuseDeepBodies(fastify);
  // Meta signs the webhook's body as it sent it (X-Hub-Signature-256).
  keepRawBody(fastify, ['/api/whatsapp/webhook']);

  app.setGlobalPrefix('api');
  // SIGTERM is handled by startServer (graceful-shutdown.ts); tests close the app themselves.
  closeConnectionsWhenClosing(fastify);

  const document = buildOpenApiDocument(app);
  // The UI only where asked for; the JSON document below stays (the client is generated from it).
  if (config.apiDocsUi) SwaggerModule.setup('api/docs', app, () => document, { ui: true, raw: false });
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
