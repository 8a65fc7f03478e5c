import type { FastifyInstance } from 'fastify';
import { Transform } from 'node:stream';

/** A request whose body's bytes were kept as they came (`keepRawBody`). */
export interface RawBodyRequest {
  rawBody?: Buffer;
}

/**
 * Keeps the exact bytes of the body of POSTs to `paths` on `request.rawBody`, beside the parsed
 * body: a webhook's signature is over those bytes, which no re-serialised JSON reproduces. Only
 * these paths pay for it; the body limit and the parsers stay Fastify's.
 */
export function keepRawBody(fastify: FastifyInstance, paths: readonly string[]): void {
  const kept = new Set(paths);
  fastify.addHook('preParsing', (request, _reply, payload, done) => {
    if (request.method !== 'POST' || !kept.has(request.url.split('?')[0])) {
      done(null, payload);
      return;
    }
    const chunks: Buffer[] = [];
    const tee = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback(null, chunk);
      },
      flush(callback) {
        (request as RawBodyRequest).rawBody = Buffer.concat(chunks);
        callback();
      },
    });
    payload.on('error', (error) => tee.destroy(error));
    done(null, payload.pipe(tee));
  });
}
