import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';

const baseUrl = inject('baseUrl');

interface PublicRoute {
  path: string;
  /** Screenshot name. */
  name: string;
  /** The page's h1. */
  title: string;
  /** Headings (h2/h3) and texts the page shows. */
  headings?: string[];
  texts?: string[];
  /** Texts a production build never shows the public (the legal drafts' notice for the studio). */
  absentTexts?: string[];
  /** Links the page must offer: [accessible name, href]. */
  links?: [string | RegExp, string][];
  /** The page embeds the map (only created near the viewport). */
  map?: boolean;
  /** The page sits in the shared layout (header and footer). */
  layout?: boolean;
}

const routes: PublicRoute[] = [
  {
    path: '/pilates',
    name: 'inicio',
    title: 'Muévete con intención, respira con calma',
    headings: ['Pilates Reformer', 'Conoce nuestros planes', 'Conoce los beneficios de Reformer', 'Visítanos'],
    links: [
      ['Conoce nuestro estudio', '/pilates/estudio'],
      ['Reservar', '/pilates/reservar'],
      ['Planes', '/pilates/planes'],
      ['Conoce más', '/pilates/beneficios'],
      [/^Instagram/, 'https://www.instagram.com/'],
      [/WhatsApp/, 'https://wa.me/'],
    ],
    texts: ['Síguenos y escríbenos'],
    map: true,
    layout: true,
  },
  {
    path: '/pilates/estudio',
    name: 'estudio',
    title: 'Conoce nuestras instalaciones',
    headings: ['Un vistazo a cada rincón', 'Cómo llegar'],
    map: true,
    layout: true,
  },
  {
    path: '/pilates/beneficios',
    name: 'beneficios',
    title: 'Descubre el Poder Transformador del Pilates: Salud, Equilibrio y Bienestar',
    headings: [
      'Fortalece tu core y mejora tu postura',
      'Aumento de la flexibilidad',
      'Reducción del estrés',
      'Beneficio para la salud de la espalda',
      'Rehabilitación de lesiones',
    ],
    layout: true,
  },
  {
    path: '/pilates/planes',
    name: 'planes',
    title: 'Planes',
    texts: ['*Planes válidos un mes', 'Dieciséis Clases', 'Comprar'],
    layout: true,
  },
  {
    path: '/pilates/terminos',
    name: 'terminos',
    title: 'Términos y condiciones',
    texts: ['Última actualización'],
    absentTexts: ['Borrador pendiente de revisión legal'],
    layout: true,
  },
  {
    path: '/pilates/aviso-de-privacidad',
    name: 'aviso-de-privacidad',
    title: 'Aviso de privacidad',
    headings: ['Identidad y domicilio del responsable', 'Derechos ARCO', 'Cambios al aviso de privacidad'],
    texts: ['Ley Federal de Protección de Datos Personales'],
    absentTexts: ['Borrador pendiente de revisión legal'],
    layout: true,
  },
  {
    path: '/cycling',
    name: 'cycling',
    title: 'Próximamente',
    texts: ['Indoor Cycling'],
    links: [['Ir a Pilates Reformer', '/pilates']],
  },
  {
    path: '/pilates/no-existe',
    name: '404',
    title: 'Página no encontrada',
    links: [['Volver al inicio', '/pilates']],
    layout: true,
  },
];

const WIDTHS = [375, 1280] as const;

async function checkLinks(page: Page, links: [string | RegExp, string][]) {
  const main = page.locator('main');
  for (const [name, href] of links) {
    const link = main.getByRole('link', { name, exact: typeof name === 'string' }).first();
    expect(await link.getAttribute('href'), String(name)).toContain(href);
  }
}

describe('public site', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const width of WIDTHS) {
    for (const route of routes) {
      it(`should show ${route.path} at ${width} px with its headings, without console errors or third-party requests`, async () => {
        const context = await browser.newContext({ viewport: { width, height: width < 500 ? 740 : 900 } });
        const page = await context.newPage();
        const watch = watchPage(page);

        await page.goto(`${baseUrl}${route.path}`);
        const h1 = page.getByRole('heading', { level: 1, name: route.title, exact: true });
        await h1.waitFor();
        expect(await page.locator('h1').count()).toBe(1);
        for (const heading of route.headings ?? []) {
          expect(await page.getByRole('heading', { name: heading, exact: true }).count(), heading).toBeGreaterThan(0);
        }
        for (const text of route.texts ?? []) {
          await page.getByText(text).first().waitFor();
        }
        for (const text of route.absentTexts ?? []) {
          expect(await page.getByText(text).count(), text).toBe(0);
        }
        await checkLinks(page, route.links ?? []);

        // Spanish title, description and Open Graph tags.
        expect(await page.getAttribute('html', 'lang')).toBe('es');
        await expect.poll(() => page.title()).toMatch(/Estudio Pilates Reformer$/);
        expect(await page.getAttribute('meta[name="description"]', 'content')).toBeTruthy();
        expect(await page.getAttribute('meta[property="og:title"]', 'content')).toBe(await page.title());

        if (route.layout) {
          expect(await page.getByRole('banner').isVisible()).toBe(true);
          expect(await page.getByRole('contentinfo').textContent()).toContain('Todos los derechos reservados');
        }
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        // Pictures in view load at once; the ones further down wait (lazy), all with their size.
        const images = await page.locator('main img').evaluateAll((nodes) =>
          nodes.map((node) => ({
            width: node.getAttribute('width'),
            height: node.getAttribute('height'),
            alt: node.getAttribute('alt'),
          })),
        );
        for (const image of images) {
          expect(image.width && image.height, JSON.stringify(image)).toBeTruthy();
          expect(image.alt).not.toBeNull();
        }

        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: screenshotPath(`publico-${route.name}-${width}`), fullPage: false });
        expect(watch.consoleErrors).toEqual([]);
        expect(watch.externalRequests).toEqual([]);

        if (route.map) {
          // The map frame only exists once the visitor scrolls near it.
          expect(await page.locator('iframe').count()).toBe(0);
          await page.locator('[data-map]').scrollIntoViewIfNeeded();
          await expect.poll(() => page.locator('iframe[title^="Mapa"]').count()).toBe(1);
        }
        await page.screenshot({ path: screenshotPath(`publico-${route.name}-${width}-completa`), fullPage: true });
        await context.close();
      });
    }
  }

  it('should serve robots.txt, sitemap.xml and the studio as JSON-LD, without Content-Security-Policy errors', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations: string[] = [];
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP ${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const watch = watchPage(page);
    page.on('console', (message) => {
      if (message.text().startsWith('CSP')) violations.push(message.text());
    });

    const robots = await page.request.get(`${baseUrl}/robots.txt`);
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
    const sitemap = await (await page.request.get(`${baseUrl}/sitemap.xml`)).text();
    for (const path of ['/pilates', '/pilates/estudio', '/pilates/beneficios', '/pilates/planes']) {
      expect(sitemap).toContain(`${path}</loc>`);
    }

    await page.goto(`${baseUrl}/pilates`);
    const jsonLd = page.locator('script[type="application/ld+json"]');
    await expect.poll(() => jsonLd.count()).toBe(1);
    const data = JSON.parse((await jsonLd.textContent()) ?? '{}') as Record<string, unknown>;
    expect(data['@type']).toBe('ExerciseGym');
    expect(data).toMatchObject({ name: 'Estudio Pilates Reformer', address: { addressCountry: 'MX' } });
    expect(await page.getAttribute('link[rel="canonical"]', 'href')).toBe(`${baseUrl}/pilates`);
    await page.goto(`${baseUrl}/pilates/cuenta`);
    await page.getByRole('tab', { name: 'Iniciar Sesión' }).waitFor();

    expect(violations).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });

  it('should keep the carousel and the parallax still for visitors who ask for less motion', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/pilates/estudio`);
    const track = page.locator('.carousel-track');
    await track.waitFor();
    // Polled and read in one go: the page settles once it is hydrated and knows the visitor's setting.
    const motion = (node: Element) => `${node.getAttribute('data-motion')} ${getComputedStyle(node).animationName}`;
    await expect.poll(() => track.evaluate(motion)).toBe('off none');
    await page.goto(`${baseUrl}/pilates`);
    const parallax = page.locator('.parallax-media > img').first();
    await parallax.waitFor();
    await expect.poll(() => parallax.evaluate((node) => getComputedStyle(node).animationName)).toBe('none');

    // With motion allowed, both move.
    const moving = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'no-preference' });
    const other = await moving.newPage();
    await other.goto(`${baseUrl}/pilates/estudio`);
    await other.locator('.carousel-track').waitFor();
    // The server cannot know the setting: the carousel moves once the page is hydrated.
    await expect
      .poll(() =>
        other
          .locator('.carousel-track')
          .evaluate((node) => `${node.getAttribute('data-motion')} ${getComputedStyle(node).animationDuration}`),
      )
      .toBe('on 20s');
    await moving.close();
    await context.close();
  });
});
