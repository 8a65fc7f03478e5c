import type { FastifyInstance } from 'fastify';
import { ApiError, ErrorCode } from '../errors/api-error';

/** No request of this API nests deeper than a few levels; 32 leaves room and stops hostile bodies. */
export const MAX_BODY_DEPTH = 32;

/**
 * True when `value` nests objects/arrays deeper than `limit`. Iterative, and it stops at the
 * first node past the limit: a hostile body costs no recursion and little time.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * Refuses deeply nested JSON bodies before validation: class-transformer and class-validator
 * recurse and answered 500 ("Maximum call stack size exceeded") to 5000 levels.
 */
export function refuseDeepBodies(fastify: FastifyInstance): void {
  // A callback hook, not an async one: no promise per request.
  fastify.addHook('preValidation', (request, reply, done) => {
    if (request.body === null || typeof request.body !== 'object' || !nestsDeeperThan(request.body, MAX_BODY_DEPTH)) {
      done();
      return;
    }
    const error = new ApiError(ErrorCode.BODY_TOO_DEEP);
    void reply.status(error.status).header('cache-control', 'no-store').send(error.toResponse());
  });
}
