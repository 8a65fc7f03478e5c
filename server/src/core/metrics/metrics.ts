import { Injectable } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Every metric of the app starts with this. */
export const METRICS_PREFIX = 'pilates_';

/**
 * The app's Prometheus metrics, one registry per app (tests start several apps in one process).
 * Core measures what it sees (requests, jobs, the process); feature modules add their own gauges
 * to `registry` with a `collect()` that reads the database when Prometheus scrapes.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: `${METRICS_PREFIX}http_requests_total`,
    help: 'Answered HTTP requests, by method, route template and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [this.registry],
  });

  readonly httpErrors = new Counter({
    name: `${METRICS_PREFIX}http_request_errors_total`,
    help: 'Answers with a 5xx status, by method and route template.',
    labelNames: ['method', 'route'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: `${METRICS_PREFIX}http_request_duration_seconds`,
    help: 'Time to answer an HTTP request, by method and route template.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly jobRuns = new Counter({
    name: `${METRICS_PREFIX}job_runs_total`,
    help: 'Runs of each named job (server/src/jobs.ts).',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });

  readonly jobFailures = new Counter({
    name: `${METRICS_PREFIX}job_failures_total`,
    help: 'Runs of each named job that failed.',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: `${METRICS_PREFIX}job_duration_seconds`,
    help: 'Time one run of each named job took.',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: METRICS_PREFIX });
  }

  /** Records one answered request; `route` is the template (/api/classes/:id), never the raw URL. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.httpRequests.inc({ method, route, status_code: String(statusCode) });
    this.httpDuration.observe({ method, route }, seconds);
    if (statusCode >= 500) this.httpErrors.inc({ method, route });
  }
}

/** Compares a request's bearer token with the configured one in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Measures every answer (by route template: unknown paths share one label, so a scanner cannot
 * grow the series without bound) and, when a token is set, serves GET /metrics to whoever shows
 * it. Without a token there is no route at all: the app's 404. The route sits outside /api, so
 * the OpenAPI document and the client never see it; Caddy answers 404 for it (docker/Caddyfile).
 */
export function registerMetrics(fastify: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  if (!token) return;
  fastify.get('/metrics', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!bearerMatches(request.headers.authorization, token)) {
      void reply.code(401).header('www-authenticate', 'Bearer realm="metrics"');
      return { success: false, code: 'UNAUTHENTICATED', error: 'Falta el token de las métricas o no es válido.' };
    }
    const body = await metrics.registry.metrics();
    void reply.header('content-type', metrics.registry.contentType);
    return body;
  });
}
