import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { openNextMonday, registerClient, slotRow, toast, confirmReformer } from './support/site';

const baseUrl = inject('baseUrl');

/** True when `inner` lies wholly inside `outer` on screen. */
async function inside(inner: Locator, outer: Locator): Promise<boolean> {
  const a = (await inner.boundingBox())!;
  const b = (await outer.boundingBox())!;
  return a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;
}

describe('account screens on a phone and a desktop', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('puts a compact menu above the content on a phone, and says goodbye on logout', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    await registerClient(page, baseUrl, 'Elena Robles');
    await page.goto(`${baseUrl}/pilates/informacion`);
    const nav = page.getByRole('navigation', { name: 'Mi cuenta' });
    const heading = page.getByRole('heading', { level: 1, name: 'Mi información' });
    await heading.waitFor();
    // At most two rows of tabs (they wrap rather than scroll sideways), not a column that fills the first screen.
    expect((await nav.boundingBox())!.height).toBeLessThan(100);
    expect((await heading.boundingBox())!.y).toBeLessThan(844 / 2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await page.screenshot({ path: screenshotPath('informacion-menu-390') });

    await nav.getByRole('button', { name: 'Salir' }).click();
    await page.waitForURL((url) => url.pathname === '/pilates');
    await expect.poll(() => toast(page, 'Cerraste sesión. ¡Hasta pronto!').isVisible()).toBe(true);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });

  it('keeps the menu beside the content on a desktop', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await registerClient(page, baseUrl, 'Elena Robles');
    await page.goto(`${baseUrl}/pilates/informacion`);
    const heading = page.getByRole('heading', { level: 1, name: 'Mi información' });
    await heading.waitFor();
    const nav = (await page.getByRole('navigation', { name: 'Mi cuenta' }).boundingBox())!;
    expect(nav.x + nav.width).toBeLessThanOrEqual((await heading.boundingBox())!.x);
    expect(await page.getByText('Hola, Elena').isVisible()).toBe(true);
    await context.close();
  });

  it("keeps the purchase dialog's Cerrar inside the dialog at every width", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await registerClient(page, baseUrl, 'Julia Mora');
    await openNextMonday(page, baseUrl);
    await slotRow(page, '9:00 AM').getByRole('button', { name: 'Reservar' }).click();
    await confirmReformer(page);
    const dialog = page.getByRole('dialog', { name: 'Contrata un plan' });
    await expect.poll(() => dialog.getByRole('button', { name: 'Comprar Plan' }).count()).toBe(6);
    await dialog.getByRole('button', { name: 'Comprar Plan' }).nth(2).click();
    const close = dialog.locator('footer').getByRole('button', { name: 'Cerrar', exact: true });
    for (const width of [390, 640, 700, 768, 1024, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await expect.poll(() => inside(close, dialog), { timeout: 2000 }).toBe(true);
      await expect
        .poll(() => inside(dialog.getByRole('button', { name: /Pagar con Mercado Pago/ }), dialog))
        .toBe(true);
    }
    await page.screenshot({ path: screenshotPath('compra-dialogo-1280'), animations: 'disabled' });
    await context.close();
  });
});
