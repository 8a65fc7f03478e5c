import { Inject, Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_COOKIE } from '../auth/session';
import { AppConfig } from '../config/app-config';
import { PAGE_READ_ID_SUFFIX } from '../logging/logging';
import { PAGE_READS, type ApiAnswer, type PageRead, type PageReadsPort } from './page-reads.port';

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
  /** A page of the session's own (Mi información, the admin pages…) or at a secret address (reset link). */
  personal: boolean;
}

type Render = (request: RenderRequest) => Promise<RenderedPage>;

interface RendererModule {
  createRenderer(options: { origin: string; viteManifest: unknown }): Render;
}

/** The address the renderer sees the request at; its redirects are sent as paths on the visitor's own host. */
const RENDER_ORIGIN = 'http://localhost';

/** The visitor's headers the page's API reads are made with: their session and language, nothing else. */
const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language'] as const;

/** Whether the visitor sent a session cookie (valid or not: the page may be rendered with it). */
const hasSession = (request: FastifyRequest): boolean => Boolean(request.cookies?.[SESSION_COOKIE]);

/** One page's reads: the request it renders, the visitor's headers it forwards, its in-process reader. */
interface PageTransport {
  request: FastifyRequest;
  headers: Record<string, string>;
  direct: (read: PageRead) => Promise<ApiAnswer | undefined>;
}

/** Shown when even the error page cannot be rendered: plain, Spanish, no script. */
const FALLBACK_500 =
  '<!DOCTYPE html><html lang="es"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Error · Estudio Pilates Reformer</title></head><body style="font-family:system-ui,sans-serif;margin:3rem auto;max-width:36rem;padding:0 1.5rem">' +
  '<p>Error 500</p><h1>No pudimos mostrar esta página</h1><p>Ocurrió un error de nuestro lado. Intenta de nuevo en unos momentos.</p>' +
  '<p><a href="/pilates">Volver al inicio</a></p></body></html>';

/** What the client's apiFetch reads of a Response (status and text), without a stream to wrap the body. */
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
 * reads are answered in-process by this same server, with the visitor's cookie: the most common
 * ones by the API's controllers directly (PageReads), any other through the whole server.
 */
@Injectable()
export class ClientAppService {
  private readonly logger = new Logger('ClientApp');
  private readonly render?: Render;

  constructor(
    config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
    @Inject(PAGE_READS) private readonly pageReads: PageReadsPort,
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
    const page: PageTransport = { request, headers, direct: this.pageReads.forPage(headers.cookie) };
    try {
      const rendered = await render({
        url: `${RENDER_ORIGIN}${request.url}`,
        headers,
        nonce,
        api: (url, init) => this.readApi(page, url, init),
      });
      for (const error of rendered.errors) this.logger.error(`${request.method} ${request.url}: ${describe(error)}`);
      if (rendered.location) {
        const location = rendered.location.startsWith(RENDER_ORIGIN)
          ? rendered.location.slice(RENDER_ORIGIN.length)
          : rendered.location;
        // Where a guard sends someone depends on their session.
        void reply.header('cache-control', 'no-store').redirect(location || '/', rendered.status);
        return;
      }
      this.sendHtml(reply, rendered.status, rendered.html, rendered.personal || hasSession(request));
    } catch (error) {
      this.logger.error(`${request.method} ${request.url}: no se pudo mostrar la página: ${describe(error)}`);
      this.sendHtml(reply, 500, FALLBACK_500, hasSession(request));
    }
  }

  /**
   * `personal`: the page is someone's own, or was rendered with a session (its header shows their
   * name): `no-store`, so neither the browser's cache nor a proxy keeps a copy of it (the back button
   * after logging out, a shared computer). Other pages only go unshared and revalidated.
   */
  private sendHtml(reply: FastifyReply, status: number, html: string, personal: boolean): void {
    if (reply.sent) return;
    void reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', personal ? 'no-store' : 'private, no-cache')
      .send(html);
  }

  /** One API read of the page, answered by this server in-process, as the visitor (their cookie and address). */
  private async readApi(
    { request, headers, direct }: PageTransport,
    url: string,
    init: RequestInit,
  ): Promise<Response> {
    const method = init.method ?? 'GET';
    const sent = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? init.body : undefined;
    // A read the API's controllers answer directly when it takes the plain path; any other the whole server answers.
    const plain = !('cookie' in sent) && (init.body === undefined || body !== undefined);
    const answered = plain ? await direct({ method, url, headers: sent, body }) : undefined;
    if (answered) return asResponse(answered);

    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const injected = await fastify.inject({
      method: method as 'GET',
      url,
      remoteAddress: request.ip,
      headers: {
        ...headers,
        ...sent,
        // Logged as the page's own reads: the page's request id with a suffix.
        'x-request-id': `${String(request.id).slice(0, 56)}${PAGE_READ_ID_SUFFIX}`,
      },
      payload: body,
    });
    return asResponse({ status: injected.statusCode, body: injected.body });
  }
}
