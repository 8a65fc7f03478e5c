// The server's renderer (built by `vite build --ssr` into dist/ssr/, loaded by the NestJS server at
// start): one page per request, through TanStack Router's SSR, with the page's data and the visitor's
// session read from the API in-process and dehydrated into the page for the browser to hydrate.
import { QueryClient } from '@tanstack/react-query';
import type { AnyRouter, Manifest } from '@tanstack/react-router';
import {
  RouterServer,
  createRequestHandler,
  getSsrStatus,
  transformHtmlStringWithRouter,
} from '@tanstack/react-router/ssr/server';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { setApiTransport, type ApiTransport } from './api/http';
import { setSiteOrigin } from './lib/page-title';
import { LeftToBrowser, SERVER_READ_DEADLINE_MS } from './lib/server-read';
import { createAppRouter } from './router';
import { routerManifest, type ViteManifest } from './ssr-manifest';

export type { ApiTransport, ViteManifest };

export interface RenderRequest {
  /** The page's address, absolute (the server's own origin). */
  url: string;
  /** The visitor's request headers (the cookie among them). */
  headers: Record<string, string>;
  /** This answer's Content-Security-Policy nonce: the router's inline scripts carry it. */
  nonce: string;
  /** Answers the API reads of this page (the server's own handlers, with the visitor's headers). */
  api: ApiTransport;
}

export interface RenderedPage {
  status: number;
  /** Set for a redirect (a guard, a canonical address): the Location to send, with `status`. */
  location?: string;
  html: string;
  /** A route of the page is marked `staticData.personal` (it needs a session, or its address is secret). */
  personal: boolean;
  /** Errors the page showed as its error page (a loader's or a render's), for the server's log. */
  errors: unknown[];
}

export interface RendererOptions {
  /** The site's public address (APP_URL): canonical links and structured data use it. */
  origin: string;
  /** The client build's manifest (client/dist/.vite/manifest.json): each page's scripts and styles. */
  viteManifest: ViteManifest;
}

const apiOfRequest = new AsyncLocalStorage<ApiTransport>();

/** After the loaders' deadline, how long the render may still wait for a part (code loading) before it sends it as its loading state. */
const RENDER_ALLOWANCE_MS = 250;

/** Why the render stopped waiting for a part: the page's deadline passed. */
class PageDeadline extends LeftToBrowser {
  constructor() {
    super('La página se envió sin esperar más a una de sus partes.');
    this.name = 'PageDeadline';
  }
}

/**
 * The page's HTML once all of it is ready: every part in place, however large (none moved in later
 * by an inline script, so it reads the same without JavaScript). A part whose read the page does not
 * have (late or failed: `usePageQuery`) goes out at once in its loading state, and whatever still
 * waits at `deadline` (epoch ms) too: the render stops there, so nothing holds the page. Errors thrown
 * by components, even inside a Suspense boundary, go to `onError`.
 */
function renderWhole(
  element: ReactNode,
  nonce: string,
  deadline: number,
  onError: (error: unknown) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      nonce,
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady: () => {
        timer = setTimeout(() => stream.abort(new PageDeadline()), Math.max(0, deadline - Date.now()));
      },
      onAllReady: () => {
        clearTimeout(timer);
        stream.pipe(sink);
      },
      onShellError: (error) => {
        clearTimeout(timer);
        reject(error);
      },
      onError: (error) => {
        // The digest goes into the page: the browser knows such a part is not a hydration failure.
        if (error instanceof LeftToBrowser) return error.digest;
        onError(error);
        return undefined;
      },
    });
  });
}

setApiTransport((url, init) => {
  const api = apiOfRequest.getStore();
  if (!api) return Promise.reject(new Error(`Lectura de la API fuera de un render: ${url}`));
  return api(url, init);
});

/** The server's query cache for one request: no retries (the deadline is short), nothing kept afterwards. */
function serverQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000, gcTime: Infinity } } });
}

const isPersonal = (router: AnyRouter): boolean =>
  router.stores.matches.get().some((match) => match.staticData.personal === true);

const routeErrors = (router: AnyRouter): unknown[] =>
  router.stores.matches
    .get()
    .filter((match) => match.status === 'error')
    .map((match) => match.error);

export function createRenderer({ origin, viteManifest }: RendererOptions) {
  setSiteOrigin(origin);
  const routeIds = new Set(Object.keys(createAppRouter(serverQueryClient()).routesById));
  const manifest: Manifest = routerManifest(viteManifest, routeIds);

  async function renderOnce(
    request: RenderRequest,
    renderError: unknown,
    deadline: number,
  ): Promise<RenderedPage | { failed: unknown; router?: AnyRouter }> {
    let failed: { error: unknown } | undefined;
    let current: AnyRouter | undefined;
    // The page's HTML stays a string: the handler's Response carries only its status and headers
    // (a body would be encoded to bytes and decoded back for nothing).
    let page = '';
    const handler = createRequestHandler({
      request: new Request(request.url, { headers: request.headers }),
      createRouter: () => {
        const router = createAppRouter(serverQueryClient());
        router.update({
          ...router.options,
          context: { ...router.options.context, renderError },
          ssr: { nonce: request.nonce },
        });
        current = router;
        return router;
      },
      getRouterManifest: () => manifest,
    });
    const response = await handler(async ({ router, responseHeaders }) => {
      let markup: string;
      try {
        // The whole page at once (every lazily loaded part included), not streamed: its data is read
        // already (loaders, within the deadline), and a part whose read was late or failed goes out
        // in its loading state. A component that throws is reported here even inside a Suspense
        // boundary, where React would otherwise leave a spinner for the browser.
        const errors: unknown[] = [];
        markup = await renderWhole(<RouterServer router={router} />, request.nonce, deadline, (error) =>
          errors.push(error),
        );
        if (errors.length) throw errors[0];
      } catch (error) {
        failed = { error };
        router.serverSsr?.cleanup();
        return new Response(null, { status: 500 });
      }
      page = await transformHtmlStringWithRouter(router, markup.replace(/^<!DOCTYPE html>/i, ''));
      return new Response(null, { status: getSsrStatus(router), headers: responseHeaders });
    });
    if (failed) return { failed: failed.error, router: current };
    const location = response.headers.get('location');
    if (location && response.status >= 300 && response.status < 400) {
      return {
        status: response.status,
        location,
        html: '',
        errors: [],
        personal: current ? isPersonal(current) : false,
      };
    }
    return {
      status: response.status,
      html: page,
      personal: current ? isPersonal(current) : false,
      errors: current ? routeErrors(current) : [],
    };
  }

  return async function render(request: RenderRequest): Promise<RenderedPage> {
    return apiOfRequest.run(request.api, async () => {
      // The loaders' reads and the render share one deadline from the request's start (with a short
      // allowance for the render itself after a late read).
      const deadline = Date.now() + SERVER_READ_DEADLINE_MS + RENDER_ALLOWANCE_MS;
      const first = await renderOnce(request, undefined, deadline);
      if (!('failed' in first)) return first;
      // The render itself threw (error boundaries do not catch on the server): the same page again,
      // its layout showing the error page.
      // The browser receives the route's error with the page: a plain one, never the original's text.
      const second = await renderOnce(request, new Error('No se pudo mostrar la página.'), deadline);
      if (!('failed' in second)) return { ...second, status: 500, errors: [first.failed] };
      throw first.failed;
    });
  };
}

export type Renderer = ReturnType<typeof createRenderer>;
