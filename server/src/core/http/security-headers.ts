import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

type HeaderChange = [name: string, value: string | null];

/**
 * The headers helmet sets for `options`, worked out once. Every directive here is a constant, so
 * helmet's answer is the same for every request: running it on a stand-in response at start
 * records it, instead of rebuilding helmet (and its Content-Security-Policy string) per request.
 */
export function helmetHeaders(options: HelmetOptions): HeaderChange[] {
  const changes: HeaderChange[] = [];
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      changes.push([name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)]);
      return response;
    },
    removeHeader: (name: string) => void changes.push([name.toLowerCase(), null]),
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => (failure = error));
  if (failure) throw failure;
  return changes;
}

/** Helmet's headers on every answer (API, pages, files, errors), as a constant list. */
export function registerSecurityHeaders(fastify: FastifyInstance, options: HelmetOptions): void {
  const changes = helmetHeaders(options);
  fastify.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of changes) {
      if (value === null) raw.removeHeader(name);
      else raw.setHeader(name, value);
    }
    done();
  });
}
