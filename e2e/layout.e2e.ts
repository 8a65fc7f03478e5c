import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';

describe('shared layout', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('should show /pilates with its header and footer, in Spanish, without console errors', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const watch = watchPage(page);
    await page.goto(`${baseUrl}/pilates`);

    expect(await page.getAttribute('html', 'lang')).toBe('es');
    const header = page.getByRole('banner');
    await expect.poll(() => header.isVisible()).toBe(true);
    expect(await header.getByRole('link', { name: 'Reservar' }).first().isVisible()).toBe(true);
    expect(await header.getByRole('link', { name: 'Mi cuenta' }).first().isVisible()).toBe(true);

    const footer = page.getByRole('contentinfo');
    const footerText = await footer.innerText();
    expect(footerText).toContain('Todos los derechos reservados');
    expect(footerText).toContain(String(new Date().getFullYear()));
    expect(await footer.getByRole('link', { name: 'Términos y condiciones' }).isVisible()).toBe(true);
    expect(await footer.getByRole('link', { name: 'Aviso de privacidad' }).isVisible()).toBe(true);

    await page.screenshot({ path: screenshotPath('pilates-1280'), fullPage: true });
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
    await page.close();
  });

  it('should redirect / to /pilates and show a Spanish 404 for unknown pages', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await page.goto(`${baseUrl}/`);
    expect(new URL(page.url()).pathname).toBe('/pilates');

    const response = await page.goto(`${baseUrl}/pilates/no-existe`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByText('Página no encontrada').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('404-375') });
    await page.close();
  });
});
