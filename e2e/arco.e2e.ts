import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN } from './support/global-setup';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { logIn, sidewaysOverflow, toast } from './support/site';

const baseUrl = inject('baseUrl');

describe('ARCO requests on a phone: a guest asks, the admin answers', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('should give a guest a folio and its due date, and let the admin mark the request answered', async () => {
    const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guest = await guestContext.newPage();
    const guestWatch = watchPage(guest);
    await guest.goto(`${baseUrl}/pilates/aviso-de-privacidad`);
    await guest.getByRole('link', { name: 'este formulario' }).click();
    await guest.waitForURL(`${baseUrl}/pilates/derechos-arco`);
    await guest.getByRole('heading', { name: 'Ejercer mis derechos ARCO' }).waitFor();
    await guest.getByLabel('Nombre', { exact: false }).first().fill('Inés Arco Prueba');
    await guest.getByLabel('Correo electrónico').fill('ines.arco@example.com');
    await guest.getByRole('radio', { name: /Acceso/ }).check();
    await guest.getByLabel('Detalle').fill('Quiero saber qué datos míos tienen.');
    expect(await sidewaysOverflow(guest)).toBe(0);
    await guest.getByRole('button', { name: 'Enviar solicitud' }).click();
    const status = guest.getByRole('status').filter({ hasText: 'Tu folio es' });
    await status.waitFor();
    const folio = /ARCO-\d{4}-\d{4}/.exec((await status.textContent()) ?? '')![0];
    expect(await status.textContent()).toMatch(/Te responderemos a más tardar el \d+ de \w+ de \d{4}/);
    await guest.screenshot({ path: screenshotPath('derechos-arco-enviada-390') });
    // No short privacy notice published yet: the page asks for its versions only (no 404 in the console).
    expect(guestWatch.consoleErrors).toEqual([]);
    await guestContext.close();

    const adminContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const admin = await adminContext.newPage();
    const adminWatch = watchPage(admin);
    await logIn(admin, baseUrl, ADMIN.email, ADMIN.password);
    await admin.goto(`${baseUrl}/pilates/arco`);
    await admin.getByRole('heading', { name: 'Solicitudes ARCO' }).waitFor();
    await admin.getByRole('button', { name: `Cambiar estado de ${folio}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Cambiar estado' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Estado' }).click();
    await admin.getByRole('option', { name: 'Respondida' }).click();
    await dialog.getByLabel('Respuesta').fill('Te enviamos tus datos por correo.');
    await dialog.getByRole('button', { name: 'Guardar estado' }).click();
    await expect.poll(() => toast(admin, `Solicitud ${folio}: respondida.`).isVisible()).toBe(true);
    await expect
      .poll(() =>
        // The cards (390 px): the wide table is there too, hidden.
        admin
          .getByRole('list', { name: 'Solicitudes ARCO' })
          .getByRole('listitem')
          .filter({ hasText: folio })
          .getByText(/Respondida el /)
          .isVisible(),
      )
      .toBe(true);
    expect(await sidewaysOverflow(admin)).toBe(0);
    await admin.screenshot({ path: screenshotPath('solicitudes-arco-390') });
    expect(adminWatch.consoleErrors).toEqual([]);
    await adminContext.close();
  });
});
