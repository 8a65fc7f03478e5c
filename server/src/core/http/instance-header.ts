import type { FastifyInstance } from 'fastify';

/** Names the replica that answered: behind the load balancer, which of them served a request. */
export const INSTANCE_HEADER = 'x-instance';

/** Sets the header on every answer (API, pages, files, errors); a constant, so it costs nothing. */
export function registerInstanceHeader(fastify: FastifyInstance, instanceName: string): void {
  fastify.addHook('onRequest', (_request, reply, done) => {
    void reply.header(INSTANCE_HEADER, instanceName);
    done();
  });
}
