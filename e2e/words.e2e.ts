import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { ADMIN } from './support/global-setup';
import { registerClient, logIn } from './support/site';

const baseUrl = inject('baseUrl');
const SIZES = [390, 1280] as const;

// Issue #31: one name per thing, in Mexican Spanish and sentence case, on the screens that had variants.
describe('words', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it.each(SIZES)('should answer "Te enviamos un correo" to a forgotten password at %i px', async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    await page.goto(`${baseUrl}/pilates/forgot-password`);
    await page.getByLabel('Correo Electrónico', { exact: true }).fill(`nadie.${width}@example.com`);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Te enviamos un correo' }).isVisible())
      .toBe(true);
    expect(await page.getByText(/buzón|email/).count()).toBe(0);
    await page.screenshot({ path: screenshotPath(`olvide-contrasena-enviado-${width}`) });
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });

  it('should call the guest’s link "Mi cuenta" in the mobile menu as in the header', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/pilates`);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('dialog', { name: 'Menú' });
    await expect.poll(() => menu.getByRole('link', { name: 'Mi cuenta', exact: true }).isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Cuenta', exact: true }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('menu-movil-mi-cuenta-390'), animations: 'disabled' });
    await context.close();
  });

  it.each(SIZES)('should say "Correo electrónico" on Mi información at %i px', async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    await registerClient(page, baseUrl, 'Lucía Peralta');
    await page.goto(`${baseUrl}/pilates/informacion`);
    await page.getByRole('heading', { level: 1, name: 'Mi información' }).waitFor();
    await expect.poll(() => page.getByText('Correo electrónico', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Email', { exact: true }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath(`informacion-correo-${width}`) });
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });

  it.each(SIZES)(
    'should offer "Agregar usuario" and search by "Nombre o correo" on Usuarios at %i px',
    async (width) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const watch = watchPage(page);
      await logIn(page, baseUrl, ADMIN.email, ADMIN.password);
      await page.goto(`${baseUrl}/pilates/usuarios`);
      const add = page.getByRole('button', { name: 'Agregar usuario', exact: true });
      await add.waitFor();
      expect(await page.getByPlaceholder('Nombre o correo').count()).toBe(1);
      await page.screenshot({ path: screenshotPath(`usuarios-agregar-${width}`) });

      // The add-user dialog closes on Escape and gives the focus back to its button.
      await add.click();
      const dialog = page.getByRole('dialog', { name: 'Agregar usuario' });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => add.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(watch.consoleErrors).toEqual([]);
      await context.close();
    },
  );
});
