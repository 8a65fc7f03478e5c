import { addDays } from '@pilates/dates';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { givePlan, unpublishTerms } from './support/db';
import { ADMIN } from './support/global-setup';
import {
  CSRF,
  confirmReformer,
  logIn,
  nextMonday,
  registerClient,
  sidewaysOverflow,
  slotRow,
  today,
  toast,
} from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

// Next week's Friday: a day the other journeys leave alone.
const nextFriday = addDays(nextMonday, 4);

describe('«Textos legales» and the acceptance before booking, on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    unpublishTerms(dataDir);
    await browser?.close();
  });

  it('should publish terms version 2, show it with version 1 linked, and have a client accept it to book', async () => {
    const admin = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const adminPage = await admin.newPage();
    const adminWatch = watchPage(adminPage);
    await logIn(adminPage, baseUrl, ADMIN.email, ADMIN.password);
    // Version 1 is in force when the client registers (and accepts it then).
    const first = await adminPage.request.post(`${baseUrl}/api/admin/legal/publish`, {
      headers: CSRF,
      data: {
        kind: 'terminos',
        summary: 'Primera versión',
        text: '## Uso del sitio\nAl reservar aceptas estos términos.',
      },
    });
    expect(first.status()).toBe(200);

    const client = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await client.newPage();
    const watch = watchPage(page);
    const email = await registerClient(page, baseUrl, 'Teresa Términos');
    givePlan(dataDir, email, { classes: 8, start: today, end: addDays(today, 40) });

    // The admin publishes version 2 in «Textos legales».
    await adminPage.goto(`${baseUrl}/pilates/textos-legales`);
    const terms = adminPage.getByRole('region', { name: 'Términos y condiciones' });
    await expect.poll(() => terms.getByText(/^Versión 1, vigente desde el /).isVisible()).toBe(true);
    await terms.getByRole('button', { name: 'Publicar nueva versión' }).click();
    const publish = adminPage.getByRole('dialog', { name: 'Publicar nueva versión: Términos y condiciones' });
    await publish.waitFor();
    await publish.getByLabel('Resumen de cambios').fill('Nueva política de cancelación');
    const text = publish.getByLabel('Texto', { exact: true });
    expect(await text.inputValue()).toContain('Al reservar aceptas estos términos.');
    await text.fill('## Uso del sitio\nAl reservar aceptas estos términos.\n\n## Cancelaciones\nCancela con 12 horas.');
    await publish.getByRole('button', { name: 'Publicar', exact: true }).click();
    await expect.poll(() => publish.getByText(/antes de su próxima reserva/).isVisible()).toBe(true);
    expect(await sidewaysOverflow(adminPage)).toBe(0);
    await adminPage.screenshot({ path: screenshotPath('textos-legales-publicar-390') });
    await publish.getByRole('button', { name: 'Sí, publicar' }).click();
    await expect.poll(() => toast(adminPage, /Publicaste la versión 2/).isVisible()).toBe(true);
    await expect.poll(() => terms.getByText(/^Versión 2, vigente desde el /).isVisible()).toBe(true);
    // The texts not published yet (Aviso de privacidad, Aviso corto) are not asked for: no 404 in the console.
    expect(adminWatch.consoleErrors).toEqual([]);

    // The public page: version 2 in force, version 1 by its link.
    await page.goto(`${baseUrl}/pilates/terminos`);
    await expect.poll(() => page.getByText(/^Versión 2, vigente desde el /).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 2, name: 'Cancelaciones' }).isVisible()).toBe(true);
    await page.getByRole('region', { name: 'Versiones anteriores' }).getByRole('link', { name: 'Versión 1' }).click();
    await page.waitForURL(`${baseUrl}/pilates/terminos?version=1`);
    await expect.poll(() => page.getByText('Esta versión ya no está vigente.').isVisible()).toBe(true);
    expect(await sidewaysOverflow(page)).toBe(0);

    // The client books: asked to accept version 2 first, then booked on the reformer chosen.
    const slots = await page.request.post(`${baseUrl}/api/reservations/get-information`, {
      headers: CSRF,
      data: { date: nextFriday },
    });
    const slot = ((await slots.json()) as { data: { time: string; isCancelled: boolean }[] }).data.find(
      (s) => !s.isCancelled,
    )!;
    await page.goto(`${baseUrl}/pilates/reservar?fecha=${nextFriday}`);
    const row = slotRow(page, slot.time);
    await row.getByRole('button', { name: 'Reservar' }).click();
    await confirmReformer(page);
    const accept = page.getByRole('dialog', { name: 'Actualizamos nuestros términos' });
    await accept.waitFor();
    await expect.poll(() => accept.getByText(/Términos y condiciones, versión 2/).isVisible()).toBe(true);
    expect(await accept.getByRole('link', { name: /Leer términos y condiciones/ }).getAttribute('href')).toBe(
      '/pilates/terminos?version=2',
    );
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: screenshotPath('aceptar-terminos-390') });
    await accept.getByRole('button', { name: 'Aceptar y reservar' }).click();
    await expect.poll(() => accept.count()).toBe(0);
    await expect.poll(() => row.getByText('Reservada', { exact: true }).isVisible()).toBe(true);
    const pending = await page.request.get(`${baseUrl}/api/consents/pending`);
    expect(((await pending.json()) as { pending: unknown[] }).pending).toEqual([]);
    // The first booking's 409 is an answer the page expects.
    expect(watch.consoleErrors.filter((line) => !/status of 409/.test(line))).toEqual([]);
    await admin.close();
    await client.close();
  });
});
