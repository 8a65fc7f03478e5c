import { Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { PAGE_READ_ID_SUFFIX } from '../logging/logging';

/** The server's renderer, built from the client by `vite build --ssr` (client/src/entry-server.tsx). */
export const RENDERER_FILE = join('ssr', 'entry-server.cjs');
/** Vite's manifest of the client build: the scripts and styles each page lists. */
export const CLIENT_MANIFEST_FILE = join('.vite', 'manifest.json');

/** What the renderer needs to answer one page (client/src/entry-server.tsx, RenderRequest). */
interface RenderRequest {
  url: string;
  headers: Record<string, string>;
  nonce: string;
  api: (url: string, init: RequestInit) => Promise<Response>;
}

interface RenderedPage {
  status: number;
  location?: string;
  html: string;
  errors: unknown[];
}

type Render = (request: RenderRequest) => Promise<RenderedPage>;

interface RendererModule {
  createRenderer(options: { origin: string; viteManifest: unknown }): Render;
}

/** The address the renderer sees the request at; its redirects are sent as paths on the visitor's own host. */
const RENDER_ORIGIN = 'http://localhost';

/** The visitor's headers the page's API reads are made with: their session and language, nothing else. */
const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language'] as const;

/** Shown when even the error page cannot be rendered: plain, Spanish, no script. */
const FALLBACK_500 =
  '<!DOCTYPE html><html lang="es"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Error · Estudio Pilates Reformer</title></head><body style="font-family:system-ui,sans-serif;margin:3rem auto;max-width:36rem;padding:0 1.5rem">' +
  '<p>Error 500</p><h1>No pudimos mostrar esta página</h1><p>Ocurrió un error de nuestro lado. Intenta de nuevo en unos momentos.</p>' +
  '<p><a href="/pilates">Volver al inicio</a></p></body></html>';

/**
 * The longest a page keeps an API answer the API itself marks shareable (`cache-control: public,
 * max-age=N`: the studio's settings, the plan catalogue): the same for every visitor, read once for
 * all the pages rendered in that time instead of once per page, and never older than a few seconds
 * (an admin's change to the catalogue shows on the next pages).
 */
export const SHARED_READ_MAX_AGE_MS = 10_000;
const SHARED_READS_KEPT = 100;

/** The seconds an answer may be kept by anyone (`public, max-age=N`); undefined when it is private or not cacheable. */
export function sharedMaxAgeSeconds(cacheControl: unknown): number | undefined {
  if (typeof cacheControl !== 'string') return undefined;
  const directives = cacheControl.split(',').map((directive) => directive.trim().toLowerCase());
  if (!directives.includes('public')) return undefined;
  const maxAge = directives.map((directive) => /^max-age=(\d+)$/.exec(directive)?.[1]).find(Boolean);
  return maxAge ? Number(maxAge) : undefined;
}

/** What the client's apiFetch reads of a Response (status and text), without a stream to wrap the body. */
interface ApiAnswer {
  status: number;
  body: string;
}

const asResponse = ({ status, body }: ApiAnswer): Response => {
  const answer: Pick<Response, 'ok' | 'status' | 'text'> = {
    ok: status >= 200 && status < 300,
    status,
    text: () => Promise.resolve(body),
  };
  return answer as Response;
};

/** A random nonce for one answer's Content-Security-Policy. */
const newNonce = (): string => randomBytes(16).toString('base64');

/** `script-src 'self'` of the policy helmet set, with this answer's nonce added (the router's inline scripts). */
export function withScriptNonce(policy: string, nonce: string): string {
  return policy
    .split(';')
    .map((directive) => (directive.trim().startsWith('script-src ') ? `${directive} 'nonce-${nonce}'` : directive))
    .join(';');
}

const describe = (error: unknown): string => (error instanceof Error ? (error.stack ?? error.message) : String(error));

/**
 * Answers the site's pages: each one rendered on the server (TanStack Router's SSR, in the built
 * renderer) with its data and the visitor's session, and hydrated by the browser. The page's API
 * reads are answered in-process by this same server, with the visitor's cookie.
 */
@Injectable()
export class ClientAppService {
  private readonly logger = new Logger('ClientApp');
  private readonly render?: Render;
  /** Shareable API answers (see SHARED_READ_MAX_AGE_MS) by address, with when they stop being used. */
  private readonly sharedReads = new Map<string, { answer: ApiAnswer; until: number }>();

  constructor(
    config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
    private readonly clock: Clock,
  ) {
    const rendererFile = join(config.clientDir, RENDERER_FILE);
    const manifestFile = join(config.clientDir, CLIENT_MANIFEST_FILE);
    if (existsSync(rendererFile) && existsSync(manifestFile)) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built renderer, found at run time
      const renderer = require(rendererFile) as RendererModule;
      this.render = renderer.createRenderer({
        origin: new URL(config.appUrl).origin,
        viteManifest: JSON.parse(readFileSync(manifestFile, 'utf8')) as unknown,
      });
    } else if (config.nodeEnv !== 'test') {
      this.logger.warn(
        `No se encontró el cliente compilado en ${config.clientDir}: solo se sirve la API (npm run build).`,
      );
    }
  }

  get available(): boolean {
    return this.render !== undefined;
  }

  /** Renders the page at the request's address; an unknown address gets the 404 page with status 404. */
  async sendPage(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const render = this.render;
    if (!render) return;
    // The studio's site lives under /pilates; / only sends people there.
    if (request.url === '/' || request.url.startsWith('/?')) {
      void reply.redirect('/pilates', 302);
      return;
    }
    const nonce = newNonce();
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') void reply.header('content-security-policy', withScriptNonce(policy, nonce));
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    try {
      const page = await render({
        url: `${RENDER_ORIGIN}${request.url}`,
        headers,
        nonce,
        api: (url, init) => this.readApi(request, headers, url, init),
      });
      for (const error of page.errors) this.logger.error(`${request.method} ${request.url}: ${describe(error)}`);
      if (page.location) {
        const location = page.location.startsWith(RENDER_ORIGIN)
          ? page.location.slice(RENDER_ORIGIN.length)
          : page.location;
        void reply.redirect(location || '/', page.status);
        return;
      }
      this.sendHtml(reply, page.status, page.html);
    } catch (error) {
      this.logger.error(`${request.method} ${request.url}: no se pudo mostrar la página: ${describe(error)}`);
      this.sendHtml(reply, 500, FALLBACK_500);
    }
  }

  private sendHtml(reply: FastifyReply, status: number, html: string): void {
    if (reply.sent) return;
    void reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      // The page may carry the visitor's session (their name in the header): never kept by a shared cache.
      .header('cache-control', 'private, no-cache')
      .send(html);
  }

  /**
   * One API read of the page, answered by this server in-process, as the visitor (their cookie and
   * address); an answer the API marks shareable comes from the last few seconds' copy.
   */
  private async readApi(
    request: FastifyRequest,
    headers: Record<string, string>,
    url: string,
    init: RequestInit,
  ): Promise<Response> {
    const method = init.method ?? 'GET';
    const shareable = method === 'GET' && init.body === undefined;
    const now = this.clock.now().getTime();
    const kept = shareable ? this.sharedReads.get(url) : undefined;
    if (kept && kept.until > now) return asResponse(kept.answer);

    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const sent = new Headers(init.headers);
    const injected = await fastify.inject({
      method: method as 'GET',
      url,
      remoteAddress: request.ip,
      headers: {
        ...headers,
        ...Object.fromEntries(sent.entries()),
        // Logged as the page's own reads: the page's request id with a suffix.
        'x-request-id': `${String(request.id).slice(0, 56)}${PAGE_READ_ID_SUFFIX}`,
      },
      payload: typeof init.body === 'string' ? init.body : undefined,
    });
    const answer: ApiAnswer = { status: injected.statusCode, body: injected.body };
    const maxAge = sharedMaxAgeSeconds(injected.headers['cache-control']);
    if (shareable && injected.statusCode === 200 && maxAge !== undefined && !injected.headers['set-cookie']) {
      // Bounded: a few public addresses are read by pages; anything past that starts the copies over.
      if (this.sharedReads.size >= SHARED_READS_KEPT) this.sharedReads.clear();
      this.sharedReads.set(url, { answer, until: now + Math.min(maxAge * 1000, SHARED_READ_MAX_AGE_MS) });
    }
    return asResponse(answer);
  }
}
