import { Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';

/** Paths the client application answers; anything else gets its Spanish 404 page with status 404. */
const isClientRoute = (path: string): boolean =>
  path === '/pilates' || path.startsWith('/pilates/') || path === '/cycling' || path.startsWith('/cycling/');

/** Serves the built client's index.html for the SPA's routes (the SPA fallback). */
@Injectable()
export class ClientAppService {
  private readonly logger = new Logger('ClientApp');
  private readonly indexHtml?: string;

  constructor(config: AppConfig) {
    const file = join(config.clientDir, 'index.html');
    if (existsSync(file)) {
      this.indexHtml = readFileSync(file, 'utf8');
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
    void reply
      .status(isClientRoute(path) ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(this.indexHtml);
  }
}
