import { Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { AppConfig } from '../config/app-config';

/** Paths the client application answers; anything else gets its Spanish 404 page with status 404. */
const isClientRoute = (path: string): boolean =>
  path === '/pilates' || path.startsWith('/pilates/') || path === '/cycling' || path.startsWith('/cycling/');

/** The folder of the built client where scripts/prerender.mjs leaves each public page's HTML. */
export const PRERENDER_DIR = 'prerender';

/**
 * The prerendered pages stand for the site's own address with this token (their canonical link,
 * og:url and structured data); the server writes its APP_URL origin in its place.
 */
export const PRERENDER_ORIGIN = 'https://prerender.origin.invalid';

/** Every `.html` file under `dir`, keyed by its page path: prerender/pilates/estudio.html → /pilates/estudio. */
function readPrerendered(dir: string, origin: string): Map<string, string> {
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const path =
      '/' +
      relative(dir, file)
        .split(sep)
        .join('/')
        .replace(/\.html$/, '');
    pages.set(path, readFileSync(file, 'utf8').replaceAll(PRERENDER_ORIGIN, origin));
  }
  return pages;
}

/**
 * Serves the built client for the SPA's routes (the SPA fallback): a public page's prerendered HTML
 * when the build made one (the page paints before its JavaScript arrives), else index.html.
 */
@Injectable()
export class ClientAppService {
  private readonly logger = new Logger('ClientApp');
  private readonly indexHtml?: string;
  private readonly prerendered = new Map<string, string>();

  constructor(config: AppConfig) {
    const file = join(config.clientDir, 'index.html');
    if (existsSync(file)) {
      this.indexHtml = readFileSync(file, 'utf8');
      this.prerendered = readPrerendered(join(config.clientDir, PRERENDER_DIR), new URL(config.appUrl).origin);
    } else if (config.nodeEnv !== 'test') {
      this.logger.warn(
        `No se encontró el cliente compilado en ${config.clientDir}: solo se sirve la API (npm run build).`,
      );
    }
  }

  get available(): boolean {
    return this.indexHtml !== undefined;
  }

  sendPage(request: FastifyRequest, reply: FastifyReply): void {
    const path = request.url.split('?')[0].replace(/\/+$/, '') || '/';
    if (path === '/') {
      void reply.redirect('/pilates', 302);
      return;
    }
    const clientRoute = isClientRoute(path);
    void reply
      .status(clientRoute ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send((clientRoute && this.prerendered.get(path)) || this.indexHtml);
  }
}
