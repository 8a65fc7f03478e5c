// Prerenders the public pages after the build (the last step of `npm run build`): starts the built
// server on a free 127.0.0.1 port with a throwaway SQLite database, opens each page as a guest in
// Debian's Chromium, and saves the rendered HTML (the page's <head> tags and the #root markup) to
// client/dist/prerender/<path>.html. The server sends that HTML for the page, so a visitor sees the
// page before its JavaScript has loaded; the client then renders the same markup in its place.
//
// What is saved is what every visitor would see before anything personal or timely loads: the guest
// view, data from the API in its loading state (the plans' placeholders), and pages that depend on
// today's date only as the site's frame (SHELL_ONLY: header and footer, an empty <main>).
//
// PRERENDER=0, or no Chromium at CHROMIUM_PATH (default /usr/bin/chromium), skips the step with a
// notice: the site then works as before, every page rendered by JavaScript alone.
/* global document -- the functions given to page.evaluate() and waitForFunction() run in the page */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { startBuiltServer } from './lib/built-server.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const CLIENT_DIST = join(ROOT, 'client', 'dist');
const OUT_DIR = join(CLIENT_DIST, 'prerender');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Must match PRERENDER_ORIGIN in server/src/core/http/client-app.service.ts: the server writes its
// APP_URL origin in place of this token.
const ORIGIN_TOKEN = 'https://prerender.origin.invalid';

const PAGES = [
  '/pilates',
  '/pilates/estudio',
  '/pilates/beneficios',
  '/pilates/planes',
  '/pilates/reservar',
  '/pilates/cuenta',
  '/pilates/terminos',
  '/pilates/aviso-de-privacidad',
  '/cycling',
];
// The booking calendar shows the current week: only the header and footer can be prerendered.
const SHELL_ONLY = new Set(['/pilates/reservar']);
// The only API answer a prerendered page may use: the session check, which answers 401 to a guest.
const ALLOWED_API = new Set(['/api/get-cookie']);
// The <head> tags the router sets for a page (React places them in <head>).
const HEAD_TAGS =
  'meta[name="description"], meta[property], meta[name^="twitter:"], link[rel="canonical"], script[type="application/ld+json"]';

const skip = (reason) => {
  rmSync(OUT_DIR, { recursive: true, force: true });
  console.log(`Prerender skipped: ${reason}. The public pages are served as the JavaScript app alone.`);
};

const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page as the browser rendered it: its title, its <head> tags and the markup inside #root. */
async function renderPage(browser, url, path) {
  // A phone's screen, as Lighthouse's mobile run: nothing below the fold is brought into view. Reduced
  // motion: the photo carousel is saved still and starts moving when the app takes over (if wanted).
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const fonts = new Set();
  page.on('request', (request) => request.resourceType() === 'font' && fonts.add(new URL(request.url()).pathname));
  // Everything but the session check stays unanswered: its part of the page is saved as "loading".
  await page.route('**/api/**', (route) =>
    ALLOWED_API.has(new URL(route.request().url()).pathname) ? route.continue() : undefined,
  );
  let sessionChecks = 0;
  const isSessionCheck = (request) => ALLOWED_API.has(new URL(request.url()).pathname);
  page.on('request', (request) => isSessionCheck(request) && sessionChecks++);
  page.on('requestfinished', (request) => isSessionCheck(request) && sessionChecks--);
  page.on('requestfailed', (request) => isSessionCheck(request) && sessionChecks--);
  try {
    await page.goto(`${url}${path}`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelector('#root main, #root h1') !== null, null, {
      timeout: 30_000,
    });
    await page.evaluate(() => document.fonts.ready);
    // The session check has answered (a guest: the header shows "Mi cuenta") and the page has settled.
    for (let quiet = 0; quiet < 3;) {
      await page.waitForTimeout(150);
      quiet = sessionChecks === 0 ? quiet + 1 : 0;
    }
    if (errors.length) throw new Error(`${path}: ${errors.join('; ')}`);
    const rendered = await page.evaluate(
      ({ selector, shellOnly }) => {
        if (shellOnly) document.getElementById('contenido')?.replaceChildren();
        // Controls do nothing until the app takes over: nothing typed is lost when it replaces the
        // markup, and no form is sent by the browser itself (the app sends them as JSON).
        for (const control of document.querySelectorAll('#root button, #root select')) control.disabled = true;
        for (const field of document.querySelectorAll('#root input, #root textarea')) field.readOnly = true;
        return {
          title: document.title,
          head: [...document.head.querySelectorAll(selector)].map((element) => element.outerHTML),
          root: document.getElementById('root').innerHTML,
        };
      },
      { selector: HEAD_TAGS, shellOnly: SHELL_ONLY.has(path) },
    );
    return { ...rendered, fonts: [...fonts] };
  } finally {
    await context.close();
  }
}

/**
 * index.html with the page's title, head tags and markup, and boot.js in place of the app's entry
 * (it loads the app once the page has painted); the site's address replaced by the token.
 */
function pageHtml(indexHtml, bootScript, rendered, origin) {
  if (/<script(?![^>]*type="application\/ld\+json")/i.test(rendered.root)) {
    throw new Error('the rendered markup holds a <script> that is not JSON data; the CSP would block it');
  }
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml);
  if (!entry) throw new Error('client/dist/index.html has no <script type="module" src> for the app');
  const preloads = [...indexHtml.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
  const boot =
    `<script type="module" crossorigin src="${bootScript}" data-app="${entry[1]}" ` +
    `data-preload="${preloads.join(' ')}"></script>`;
  // The fonts the page shows, fetched beside the styles: the text paints in its own font at once.
  const fonts = rendered.fonts.map(
    (href) => `    <link rel="preload" as="font" type="font/woff2" crossorigin href="${href}">\n`,
  );
  // Marked: the client removes them when it takes over, and its own render sets them again.
  const tags = rendered.head.map((tag) => `    ${tag.replace(/^<(\w+)/, '<$1 data-prerendered=""')}\n`);
  const html = indexHtml
    .replace(entry[0], boot)
    .replace(/\n\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(rendered.title)}</title>`)
    .replace(/\n?\s*<\/head>/, `\n${[...fonts, ...tags].join('')}  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${rendered.root}</div>`);
  if (!html.includes(rendered.root)) throw new Error('client/dist/index.html has no empty <div id="root"></div>');
  return html.replaceAll(origin, ORIGIN_TOKEN);
}

async function main() {
  if (process.env.PRERENDER === '0') return skip('PRERENDER=0');
  if (!existsSync(CHROMIUM)) return skip(`no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
  for (const file of ['server/dist/main.js', 'client/dist/index.html']) {
    if (!existsSync(join(ROOT, file))) throw new Error(`missing ${file}: build the server and the client first`);
  }
  // Gone before the server starts: it must answer with the JavaScript app, not an older snapshot.
  rmSync(OUT_DIR, { recursive: true, force: true });
  const indexHtml = readFileSync(join(CLIENT_DIST, 'index.html'), 'utf8');
  const boot = readdirSync(join(CLIENT_DIST, 'assets')).filter((file) => /^boot-[\w-]+\.js$/.test(file));
  if (boot.length !== 1) throw new Error(`expected one client/dist/assets/boot-*.js, found ${boot.length}`);

  const started = Date.now();
  const server = await startBuiltServer('prerender', { CLIENT_DIR: CLIENT_DIST });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const pages = [];
    for (const path of PAGES) {
      const rendered = await renderPage(browser, server.url, path);
      pages.push({ path, html: pageHtml(indexHtml, `/assets/${boot[0]}`, rendered, server.url) });
    }
    // Written at the end: a failure leaves no half set of pages behind.
    for (const { path, html } of pages) {
      const file = join(OUT_DIR, `${path.slice(1)}.html`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, html);
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`Prerendered ${pages.length} public pages into client/dist/prerender/ in ${seconds} s.`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  rmSync(OUT_DIR, { recursive: true, force: true });
  console.error(`Prerender failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
