import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { ApiError, ErrorCode } from '../errors/api-error';

/** Servers in their drain period (SHUTDOWN_DRAIN_SECONDS): still serving, leaving the load balancer. */
const draining = new WeakSet<FastifyInstance>();
export const DRAINING_MESSAGE = 'El servidor se está deteniendo; el balanceador envía las solicitudes a otra réplica.';

/**
 * While the server closes, every answer it still sends carries `Connection: close`, so the
 * keep-alive connection of a request that was in flight ends with its answer instead of
 * holding the close open until the keep-alive timeout (72 s). Requests arriving on such a
 * connection once the close has begun are still answered (createApp turns off Fastify's 503);
 * new connections are refused, which a load balancer retries on another replica.
 * Must be registered before the server is ready.
 */
export function closeConnectionsWhenClosing(fastify: FastifyInstance): void {
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // While draining, the health check says 503 so a load balancer that checks it stops sending here.
  fastify.addHook('onRequest', (request, reply, done) => {
    if (draining.has(fastify) && request.url.split('?')[0] === '/api/health') {
      const error = new ApiError(ErrorCode.SERVICE_UNAVAILABLE, DRAINING_MESSAGE);
      void reply.code(error.status).header('cache-control', 'no-store').send(error.toResponse());
      return;
    }
    done();
  });
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (closing || draining.has(fastify)) void reply.header('connection', 'close');
    done(null, payload);
  });
  // A connection whose answer went out without the header (written before the close began) is idle now.
  fastify.addHook('onResponse', (_request, _reply, done) => {
    if (closing) fastify.server.closeIdleConnections();
    done();
  });
}

export type ShutdownResult = 'clean' | 'forced';

/**
 * The shutdown SIGTERM starts. First, for `drainMs` (SHUTDOWN_DRAIN_SECONDS), the server keeps
 * serving while it leaves the load balancer: /api/health answers 503 (a balancer that checks it
 * stops sending here) and every answer carries `Connection: close` (the balancer's kept-alive
 * connections end after their answer, closed by the balancer rather than cut by the server while a
 * request may be on its way). Then: stop accepting connections, let the requests in flight finish,
 * close the application (scheduled jobs, mail, the database pool). Past `graceMs` the connections
 * still open are cut so the process ends before the orchestrator kills it.
 */
export function gracefulShutdown(
  app: NestFastifyApplication,
  graceMs: number,
  drainMs = 0,
): () => Promise<ShutdownResult> {
  const logger = new Logger('Shutdown');
  let running: Promise<ShutdownResult> | undefined;
  const run = async (): Promise<ShutdownResult> => {
    const fastify = app.getHttpAdapter().getInstance();
    const server = fastify.server;
    if (drainMs > 0) {
      draining.add(fastify);
      logger.log(`Saliendo del balanceador: ${drainMs} ms sirviendo con /api/health en 503`);
      await new Promise((done) => setTimeout(done, drainMs));
    }
    let forced = false;
    const timer = setTimeout(() => {
      forced = true;
      logger.warn(`Quedaban peticiones después de ${graceMs} ms; se cierran sus conexiones`);
      server.closeAllConnections();
    }, graceMs);
    timer.unref();
    try {
      // Nest closes the HTTP server before the database (shutdown hooks run after it).
      await app.close();
    } finally {
      clearTimeout(timer);
    }
    logger.log(
      forced ? 'Servidor detenido (forzado)' : 'Servidor detenido: peticiones terminadas y base de datos cerrada',
    );
    return forced ? 'forced' : 'clean';
  };
  return () => (running ??= run());
}
