/* The server-rendered pages: hydrated in place (no warning, no markup swap, no session request), and
   readable with JavaScript turned off. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN } from './support/global-setup';
import { hydrated, launchBrowser } from './support/browser';
import { CSRF, nextMonday, registerClient } from './support/site';

const baseUrl = inject('baseUrl');

const PUBLIC = [
  '/pilates',
  '/pilates/estudio',
  '/pilates/beneficios',
  '/pilates/planes',
  '/pilates/reservar',
  '/pilates/cuenta',
  '/pilates/terminos',
  '/pilates/aviso-de-privacidad',
  '/cycling',
  '/pilates/no-existe',
];
const CLIENT = [
  '/pilates',
  '/pilates/reservar',
  '/pilates/planes',
  '/pilates/cuenta',
  '/pilates/informacion',
  '/pilates/clases',
];
const ADMIN_PAGES = [
  '/pilates/informacion',
  '/pilates/usuarios',
  '/pilates/horario',
  '/pilates/sala',
  '/pilates/planes-admin',
  '/pilates/auditoria',
  '/pilates/usuarios-clases',
  '/pilates/reservar',
];

/** Everything the console says that is an error or a warning (React's hydration reports among them). */
function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // The 404 page's own status, which Chromium reports for the document.
    if (message.location().url.endsWith('/pilates/no-existe') && message.text().includes('404')) return;
    messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

/** The layout shift so far (Cumulative Layout Shift, without the windows Chrome groups it in). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((done) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => done(total), 200);
      }),
  );

describe('server-rendered pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  const roles = [
    { role: 'guest', paths: PUBLIC },
    { role: 'client', paths: CLIENT },
    { role: 'admin', paths: ADMIN_PAGES },
  ] as const;

  for (const { role, paths } of roles) {
    for (const width of [390, 1280]) {
      // The browser in another zone than the studio (and than the server): the dates must not move.
      const timezoneId = width === 390 ? 'Asia/Tokyo' : 'UTC';
      it(`should hydrate every page for a ${role} at ${width} px (${timezoneId}) without a warning or a session request`, async () => {
        const context: BrowserContext = await browser.newContext({
          viewport: { width, height: width < 500 ? 800 : 900 },
          timezoneId,
        });
        const page = await context.newPage();
        if (role === 'client') await registerClient(page, baseUrl, 'Hidratada Cliente');
        if (role === 'admin') {
          const login = await page.request.post(`${baseUrl}/api/auth/login`, { headers: CSRF, data: ADMIN });
          expect(login.status()).toBe(200);
        }
        const messages = watchConsole(page);
        const sessionRequests: string[] = [];
        page.on('request', (request) => {
          if (request.url().endsWith('/api/get-cookie')) sessionRequests.push(request.url());
        });

        for (const path of paths) {
          const answer = await page.goto(`${baseUrl}${path}`);
          expect(answer?.status(), path).toBe(path === '/pilates/no-existe' ? 404 : 200);
          // What the server sent is the page, before any script ran.
          const html = await answer!.text();
          expect(html, path).toMatch(/<h1[^>]*>/);
          await hydrated(page);
          await page.waitForLoadState('networkidle');
          // React reports a mismatch while hydrating; give a late one the time to show.
          await page.waitForTimeout(300);
          expect(messages, `${path} (${role}, ${width} px)`).toEqual([]);
          // The public pages come whole from the server: nothing moves once they show. (The admin
          // screens fetch their tables in the browser and grow when they arrive.)
          if (PUBLIC.includes(path)) expect(await layoutShift(page), `CLS of ${path}`).toBeLessThan(0.05);
          // A logged-in visitor's header, in the server's first HTML already.
          if (role !== 'guest') expect(html, path).toContain('Mi Perfil');
        }
        // The session came with the page, read from the cookie by the server.
        expect(sessionRequests).toEqual([]);
        await context.close();
      });
    }
  }

  it('should keep the markup the server sent (hydrated in place, not replaced)', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/pilates/planes`, { waitUntil: 'commit' });
    const heading = await page.waitForSelector('h1');
    await page.evaluate((node) => node.setAttribute('data-first', ''), heading);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    // The same element, still in the document: React adopted it.
    expect(await page.evaluate((node) => node.isConnected && node.hasAttribute('data-first'), heading)).toBe(true);
    await context.close();
  });

  it('should let a visitor read the public pages and follow their links with JavaScript turned off', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/pilates`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Muévete con intención, respira con calma',
    );

    // The hero's button leads to the calendar, which lists the day's classes.
    await page.getByRole('link', { name: 'Reserva tu clase' }).click();
    await page.waitForURL(`${baseUrl}/pilates/reservar`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // A day with classes (the default timetable has some on Mondays).
    await page.goto(`${baseUrl}/pilates/reservar?fecha=${nextMonday}`);
    await page
      .getByText(/\d+ lugares? disponibles?/)
      .first()
      .waitFor();

    // The footer's links are plain links: the plans with their prices.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Planes' }).click();
    await page.waitForURL(`${baseUrl}/pilates/planes`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Planes');
    expect(await page.locator('main').textContent()).toMatch(/\$\d/);

    for (const [name, path, h1] of [
      ['Estudio', '/pilates/estudio', 'Conoce nuestras instalaciones'],
      [
        'Beneficios',
        '/pilates/beneficios',
        'Descubre el Poder Transformador del Pilates: Salud, Equilibrio y Bienestar',
      ],
      ['Términos y condiciones', '/pilates/terminos', 'Términos y condiciones'],
      ['Aviso de privacidad', '/pilates/aviso-de-privacidad', 'Aviso de privacidad'],
    ] as const) {
      await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`${baseUrl}${path}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toBe(h1);
    }
    await context.close();
  });
});
