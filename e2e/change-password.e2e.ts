import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { CSRF, registerClient, toast } from './support/site';

const baseUrl = inject('baseUrl');

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Cambiar contraseña' });

/** True when nothing sticks out sideways (no horizontal scrolling at this width). */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('Mi información → Cambiar contraseña', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it.each([
    ['phone', 375, 740],
    ['desktop', 1280, 800],
  ])(
    'should change the password on a %s, end the other device’s session and keep this one',
    async (label, width, height) => {
      const page = await browser.newPage({ viewport: { width, height } });
      const watch = watchPage(page);
      const email = await registerClient(page, baseUrl, 'Paola', 'clave-vieja-1');

      // Another device logged in to the same account.
      const otherDevice = await browser.newContext();
      const login = await otherDevice.request.post(`${baseUrl}/api/auth/login`, {
        headers: CSRF,
        data: { email, password: 'clave-vieja-1' },
      });
      expect(login.status()).toBe(200);
      expect((await otherDevice.request.get(`${baseUrl}/api/get-cookie`)).status()).toBe(200);

      await page.goto(`${baseUrl}/pilates/informacion`);
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await expect.poll(() => dialog(page).isVisible()).toBe(true);
      expect(await fitsWidth(page)).toBe(true);

      // The form checks itself in Spanish before sending anything.
      await dialog(page).getByLabel('Nueva contraseña', { exact: true }).fill('corta');
      await dialog(page).getByLabel('Confirmar nueva contraseña', { exact: true }).fill('otra');
      await dialog(page).getByRole('button', { name: 'Cambiar contraseña' }).click();
      await expect.poll(() => dialog(page).getByText('Escribe tu contraseña actual').isVisible()).toBe(true);
      await expect.poll(() => dialog(page).getByText('Debe tener al menos 8 caracteres').isVisible()).toBe(true);
      await expect.poll(() => dialog(page).getByText('Las contraseñas no coinciden').isVisible()).toBe(true);
      await page.screenshot({ path: screenshotPath(`cambiar-contrasena-errores-${width}`) });

      // A wrong current password is refused by the server, under its field.
      await dialog(page).getByLabel('Contraseña actual', { exact: true }).fill('no-es-esta-1');
      await dialog(page).getByLabel('Nueva contraseña', { exact: true }).fill('clave-nueva-2');
      await dialog(page).getByLabel('Confirmar nueva contraseña', { exact: true }).fill('clave-nueva-2');
      await dialog(page).getByRole('button', { name: 'Cambiar contraseña' }).click();
      await expect
        .poll(() => dialog(page).getByText('La contraseña actual no es correcta.').first().isVisible(), {
          timeout: 10_000,
        })
        .toBe(true);
      expect(await fitsWidth(page)).toBe(true);

      await dialog(page).getByLabel('Contraseña actual', { exact: true }).fill('clave-vieja-1');
      await dialog(page).getByRole('button', { name: 'Cambiar contraseña' }).click();
      await expect
        // Checking the old password and hashing the new one take a while on a busy machine.
        .poll(() => toast(page, 'Tu contraseña cambió. Cerramos tu sesión en los demás dispositivos.').isVisible(), {
          timeout: 10_000,
        })
        .toBe(true);
      await expect.poll(() => dialog(page).isVisible()).toBe(false);
      await page.screenshot({ path: screenshotPath(`cambiar-contrasena-${label}-${width}`) });

      // This session goes on; the other device's is over; only the new password logs in.
      await page.reload();
      await expect.poll(() => page.getByRole('heading', { name: 'Mi información' }).isVisible()).toBe(true);
      expect((await otherDevice.request.get(`${baseUrl}/api/get-cookie`)).status()).toBe(401);
      const old = await otherDevice.request.post(`${baseUrl}/api/auth/login`, {
        headers: CSRF,
        data: { email, password: 'clave-vieja-1' },
      });
      expect(old.status()).toBe(401);
      const renewed = await otherDevice.request.post(`${baseUrl}/api/auth/login`, {
        headers: CSRF,
        data: { email, password: 'clave-nueva-2' },
      });
      expect(renewed.status()).toBe(200);

      expect(watch.consoleErrors.filter((e) => !e.includes('400'))).toEqual([]);
      expect(watch.externalRequests).toEqual([]);
      await otherDevice.close();
      await page.close();
    },
  );

  it('should log out every device with «Cerrar sesión en todos los dispositivos»', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    const email = await registerClient(page, baseUrl, 'Rebeca', 'clave-rebeca-1');
    const otherDevice = await browser.newContext();
    await otherDevice.request.post(`${baseUrl}/api/auth/login`, {
      headers: CSRF,
      data: { email, password: 'clave-rebeca-1' },
    });
    expect((await otherDevice.request.get(`${baseUrl}/api/get-cookie`)).status()).toBe(200);

    await page.goto(`${baseUrl}/pilates/informacion`);
    await page.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click();
    await page.waitForURL((url) => url.pathname === '/pilates');
    expect((await page.request.get(`${baseUrl}/api/get-cookie`)).status()).toBe(401);
    expect((await otherDevice.request.get(`${baseUrl}/api/get-cookie`)).status()).toBe(401);
    await otherDevice.close();
    await page.close();
  });
});
