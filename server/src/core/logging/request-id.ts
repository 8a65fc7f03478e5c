import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Sent by a proxy or by Mercado Pago's webhooks, and answered on every response. */
export const REQUEST_ID_HEADER = 'x-request-id';

const SAFE_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The id of a request: the incoming `x-request-id` when it is short and plain
 * (so it can be logged and echoed as is), otherwise a new random UUID.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** Fastify's `genReqId`: the id of each request, from its headers. */
export const genReqId = (request: IncomingMessage): string => requestIdFrom(request.headers[REQUEST_ID_HEADER]);

/** Every answer names its request (also errors and pages), so a user's report can be matched with the log. */
export function registerRequestIdHeader(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
