import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';

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
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
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
 * The shutdown SIGTERM starts: stop accepting connections, let the requests in flight finish,
 * then close the application (scheduled jobs, mail, the database pool). Past `graceMs` the
 * connections still open are cut so the process ends before the orchestrator kills it.
 */
export function gracefulShutdown(app: NestFastifyApplication, graceMs: number): () => Promise<ShutdownResult> {
  const logger = new Logger('Shutdown');
  let running: Promise<ShutdownResult> | undefined;
  const run = async (): Promise<ShutdownResult> => {
    const server = app.getHttpAdapter().getInstance().server;
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
