import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { waitForMail } from './support/mail';
import { registerClient } from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

const header = (page: Page) => page.getByRole('banner');

async function logInWith(page: Page, email: string, password: string) {
  await page.getByLabel('Correo Electrónico', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
}

async function logOut(page: Page) {
  await header(page).getByRole('link', { name: 'Mi Perfil' }).click();
  await page.waitForURL('**/pilates/informacion');
  await page.getByRole('navigation', { name: 'Mi cuenta' }).getByRole('button', { name: 'Salir' }).click();
  await page.waitForURL((url) => url.pathname === '/pilates');
  await expect.poll(() => header(page).getByRole('link', { name: 'Mi cuenta' }).isVisible()).toBe(true);
}

describe('accounts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('should register, log out, log in, reset the password by mail and log in with the new one', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const watch = watchPage(page);
    const email = `sofia.${Date.now()}@example.com`;

    // Register: lands on /pilates, logged in.
    await page.goto(`${baseUrl}/pilates/cuenta`);
    await page.getByRole('tab', { name: 'Registrar' }).click();
    await page.getByLabel('Nombre', { exact: true }).fill('Sofía Ramírez');
    await page.getByLabel('Correo Electrónico', { exact: true }).fill(email);
    await page.getByLabel('Fecha de nacimiento', { exact: true }).fill('1992-03-14');
    await page.getByLabel('Contraseña', { exact: true }).fill('primera-clave-1');
    await page.getByLabel('Confirmar Contraseña', { exact: true }).fill('primera-clave-1');
    await page.getByRole('checkbox', { name: /Acepto los términos y condiciones/ }).check();
    await page.screenshot({ path: screenshotPath('registro-1280') });
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await page.waitForURL((url) => url.pathname === '/pilates');
    await expect.poll(() => header(page).getByRole('link', { name: 'Mi Perfil' }).isVisible()).toBe(true);

    // Mi información shows the new account; logout goes back to /pilates.
    await header(page).getByRole('link', { name: 'Mi Perfil' }).click();
    await expect.poll(() => page.getByText('Sofía Ramírez', { exact: true }).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('14 de marzo de 1992').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('informacion-1280') });
    await page.goto(`${baseUrl}/pilates`);
    await logOut(page);

    // Log in again.
    await page.goto(`${baseUrl}/pilates/cuenta`);
    await logInWith(page, email, 'primera-clave-1');
    await page.waitForURL((url) => url.pathname === '/pilates');
    await expect.poll(() => header(page).getByRole('link', { name: 'Mi Perfil' }).isVisible()).toBe(true);
    await logOut(page);

    // Forgot password → the mail's link → a new password.
    await page.goto(`${baseUrl}/pilates/cuenta`);
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.waitForURL('**/pilates/forgot-password');
    await page
      .getByLabel('Correo Electrónico', { exact: true })
      .or(page.getByLabel('Email', { exact: true }))
      .fill(email);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect.poll(() => page.getByText('Te enviamos un correo').isVisible()).toBe(true);

    const mail = await waitForMail(dataDir, email);
    const link = new RegExp(`${baseUrl.replace(/[.:/]/g, '\\$&')}/pilates/reset-password/[\\w-]+`).exec(mail)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('segunda-clave-2');
    await page.getByLabel('Confirmar contraseña', { exact: true }).fill('segunda-clave-2');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.waitForURL('**/pilates/cuenta');

    // The old password no longer works; the new one does.
    await logInWith(page, email, 'primera-clave-1');
    await expect.poll(() => page.getByText('El correo o la contraseña son incorrectos.').isVisible()).toBe(true);
    await logInWith(page, email, 'segunda-clave-2');
    await page.waitForURL((url) => url.pathname === '/pilates');
    await expect.poll(() => header(page).getByRole('link', { name: 'Mi Perfil' }).isVisible()).toBe(true);

    expect(watch.consoleErrors.filter((e) => !e.includes('401'))).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
    await page.close();
  });

  it('should send a guest from a nested page to login and back, and a client away from admin pages', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    const email = await registerClient(page, baseUrl, 'Lucía', 'clave-lucia-1');
    await page.context().clearCookies();

    await page.goto(`${baseUrl}/pilates/informacion`);
    await page.waitForURL('**/pilates/cuenta**');
    await logInWith(page, email, 'clave-lucia-1');
    await page.waitForURL('**/pilates/informacion');

    await page.goto(`${baseUrl}/pilates/usuarios`);
    await page.waitForURL('**/pilates/informacion');

    // The phone menu shows the user's name.
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Lucía' }).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('menu-movil-375') });
    await page.close();
  });
});
