import { DynamicModule, Module } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LoggerModule } from 'nestjs-pino';
import { storage, Store } from 'nestjs-pino/storage';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { DestinationStream, Level, Logger as PinoInstance } from 'pino';
import { ConfigError } from '../config/app-config';
import { REDACTED, redactUrl, redactUrlsInText } from './redact-url';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

export interface LoggingOptions {
  /** LOG_LEVEL; `info` by default. */
  level?: LogLevelName;
  /** Where the JSON lines go; standard output by default. Tests pass a stream to read them. */
  destination?: DestinationStream;
}

/** LOG_LEVEL from the environment: one of LOG_LEVELS, `info` when unset or empty. */
export function logLevelFrom(env: NodeJS.ProcessEnv): LogLevelName {
  const value = env.LOG_LEVEL?.trim().toLowerCase() || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) {
    throw new ConfigError(
      `Configuración inválida: LOG_LEVEL debe ser uno de ${LOG_LEVELS.join(', ')} (valor recibido: "${env.LOG_LEVEL}")`,
    );
  }
  return value as LogLevelName;
}

/**
 * Request headers that carry credentials: the session cookie, a bearer token, Mercado Pago's
 * webhook signature. With the cookies the server sets, they are logged as REDACTED. Bodies are
 * never logged at all.
 */
const CREDENTIAL_HEADERS = ['cookie', 'authorization', 'proxy-authorization', 'x-signature'] as const;

/** The same headers wherever another line logs a request or response (request lines hide them as they are written). */
export const REDACTED_PATHS = [
  ...CREDENTIAL_HEADERS.map((name) => `req.headers["${name}"]`),
  'res.headers["set-cookie"]',
];

/** The root logger's format, shared by the request lines' own instance. */
const lineFormat = (level: string) => ({
  level,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label: string) => ({ level: label }) },
});

/**
 * The root logger: one JSON object per line, ISO time, the level as a word. Standard output is
 * written asynchronously: lines that arrive while a write is under way leave together in the next
 * one (one system call per batch, not per request, under load), and pino writes what is left
 * synchronously when the process exits, so nothing is lost when it stops or crashes. Every line
 * passes redactUrlsInText last, so a secret URL is hidden wherever it appears: an error message, a
 * stack, a Referer header.
 */
export function createRootLogger(options: LoggingOptions = {}): PinoInstance {
  const destination = options.destination ?? pino.destination({ dest: 1, sync: false });
  return pino(
    { ...lineFormat(options.level ?? 'info'), redact: { paths: REDACTED_PATHS, censor: REDACTED } },
    { write: (line: string) => destination.write(redactUrlsInText(line)) },
  );
}

type LoggedRequest = IncomingMessage & { id?: string; ip?: string; originalUrl?: string };

/** The request's headers with the credentials' values hidden. */
const loggedHeaders = (req: LoggedRequest) => {
  const headers: Record<string, unknown> = { ...req.headers };
  for (const name of CREDENTIAL_HEADERS) if (headers[name] !== undefined) headers[name] = REDACTED;
  return headers;
};

/** What a request line says about the request: no body, no parsed query or params, the URL and credentials redacted. */
const serializeRequest = (req: LoggedRequest) => ({
  id: req.id,
  method: req.method,
  url: redactUrl(req.originalUrl ?? req.url ?? ''),
  headers: loggedHeaders(req),
  // Fastify's client address: behind the production proxy (trustProxy), the visitor's.
  remoteAddress: req.ip ?? req.socket?.remoteAddress,
});

/** The response headers worth a line; the security headers are the same on every answer. */
const LOGGED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'cache-control',
  'location',
  'retry-after',
  'set-cookie',
];

const serializeResponse = (res: ServerResponse) => {
  const headers: Record<string, unknown> = {};
  for (const name of LOGGED_RESPONSE_HEADERS) {
    const value = typeof res.getHeader === 'function' ? res.getHeader(name) : undefined;
    if (value !== undefined) headers[name] = name === 'set-cookie' ? REDACTED : value;
  }
  return { statusCode: res.statusCode, headers };
};

const levelFor = (_req: IncomingMessage, res: ServerResponse, error?: Error): Level =>
  error || res.statusCode >= 500 ? 'error' : 'info';

/** A short human summary in `msg`; the fields carry the details. */
const summary = (req: LoggedRequest, res: ServerResponse) =>
  `${req.method} ${redactUrl(req.originalUrl ?? req.url ?? '')} ${res.statusCode}`;

/** An in-process request (light-my-request) that the page renderer made with its `-ssr` request id. */
const isPageRead = (request: FastifyRequest): boolean =>
  '_lightMyRequest' in request.raw && String(request.id).endsWith(PAGE_READ_ID_SUFFIX);

/** The suffix of the request id of a page's in-process API reads. */
export const PAGE_READ_ID_SUFFIX = '-ssr';

/**
 * The async context of one request for nestjs-pino: its logger, a child carrying `reqId`, made
 * only when something logs during the request (most requests log their own line alone).
 */
function requestStore(root: PinoInstance, reqId: string): Store {
  const store = new Store(root);
  let child: PinoInstance | undefined;
  Object.defineProperty(store, 'logger', {
    enumerable: true,
    get: () => (child ??= root.child({ reqId })),
    // nestjs-pino's PinoLogger.assign() replaces it with a child carrying more fields.
    set: (value: PinoInstance) => (child = value),
  });
  return store;
}

/**
 * One JSON line per request when its response is finished (or the connection closed first), for
 * every request the server answers: API, pages, static files, 404s — `reqId`, `req`, `res`
 * (with `err` when it failed) and `responseTime`, as pino-http writes them. Nest's `Logger` calls
 * made while serving it carry its `reqId` (nestjs-pino reads the request's logger from this async
 * context). A Fastify hook rather than nestjs-pino's middleware, which Nest would mount under the
 * global prefix /api only; written here rather than by pino-http, which builds two child loggers
 * per request (serializing the request at its start) even when nothing else is logged.
 */
export function registerRequestLogging(fastify: FastifyInstance, logger: PinoInstance): void {
  // Its own instance on the root's stream: its serializers hide the credentials, so it skips the
  // root's redaction, which copies each line's headers to censor them.
  const requests = pino(
    { ...lineFormat(logger.level), serializers: { req: serializeRequest, res: serializeResponse } },
    (logger as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym],
  );
  fastify.addHook('onRequest', (request, reply, done) => {
    // A page's own API reads, made in-process while the server renders it (ClientAppService): the
    // page's line stands for them, and what they log carries the page's reqId.
    if (isPageRead(request)) {
      done();
      return;
    }
    const raw = request.raw as LoggedRequest;
    raw.id = request.id;
    raw.ip = request.ip;
    const res = reply.raw as ServerResponse & { err?: Error };
    const started = Date.now();
    const complete = (error?: Error) => {
      res.removeListener('close', complete);
      res.removeListener('finish', complete);
      const responseTime = Date.now() - started;
      const level = levelFor(raw, res, error ?? res.err);
      if (error || res.err || res.statusCode >= 500) {
        const err = error ?? res.err ?? new Error(`failed with status code ${res.statusCode}`);
        requests[level]({ reqId: raw.id, req: raw, res, err, responseTime }, summary(raw, res));
      } else {
        requests[level]({ reqId: raw.id, req: raw, res, responseTime }, summary(raw, res));
      }
    };
    res.on('close', complete);
    res.on('finish', complete);
    storage.run(requestStore(logger, request.id), done);
  });
}

/**
 * nestjs-pino's `Logger` (the app's logger, so `new Logger('Mail')` writes JSON with its
 * context) and `PinoLogger` over the root logger. Its own middleware is left out
 * (registerRequestLogging does that work for every path).
 */
@Module({})
export class LoggingModule {
  static forRoot(logger: PinoInstance): DynamicModule {
    return {
      module: LoggingModule,
      imports: [LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true, forRoutes: [] })],
      exports: [LoggerModule],
    };
  }
}

/** The application with structured logging around it (AppModule itself stays free of it, e.g. for the OpenAPI script). */
@Module({})
export class LoggedAppModule {
  static forRoot(app: DynamicModule, logger: PinoInstance): DynamicModule {
    return { module: LoggedAppModule, imports: [LoggingModule.forRoot(logger), app] };
  }
}
