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

/** A UTF-16 surrogate without its pair: no character at all, and no database stores it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when a string anywhere in `value` (a key or a value, at any depth) is not well-formed
 * Unicode: JSON's `"\ud800"` escapes decode to such strings. Iterative, like nestsDeeperThan.
 */
export function hasMalformedText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (LONE_SURROGATE.test(node)) return true;
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        if (LONE_SURROGATE.test(key)) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/**
 * Refuses hostile input before validation: deeply nested JSON bodies (class-transformer and
 * class-validator recurse and answered 500, "Maximum call stack size exceeded", to 5000 levels), and
 * text that is not well-formed Unicode in the body, the query or the path (a lone surrogate in an
 * e-mail answered 500 from the database; validators would see it as a character).
 */
export function refuseDeepBodies(fastify: FastifyInstance): void {
  // A callback hook, not an async one: no promise per request.
  fastify.addHook('preValidation', (request, reply, done) => {
    const body = request.body;
    const refusal =
      body !== null && typeof body === 'object' && nestsDeeperThan(body, MAX_BODY_DEPTH)
        ? new ApiError(ErrorCode.BODY_TOO_DEEP)
        : hasMalformedText(body) || hasMalformedText(request.query) || hasMalformedText(request.params)
          ? new ApiError(ErrorCode.MALFORMED_TEXT)
          : undefined;
    if (!refusal) {
      done();
      return;
    }
    void reply.status(refusal.status).header('cache-control', 'no-store').send(refusal.toResponse());
  });
}
