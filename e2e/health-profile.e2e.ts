import { addDays } from '@pilates/dates';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { givePlan } from './support/db';
import { ADMIN } from './support/global-setup';
import {
  confirmReformer,
  logIn,
  nextMonday,
  openNextMonday,
  registerClient,
  sidewaysOverflow,
  slotRow,
  toast,
  today,
} from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const WIDTH = 390;

describe('health questionnaire', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  const answer = (page: Page, question: RegExp, label: 'Sí' | 'No') =>
    page.getByRole('group', { name: question }).getByRole('radio', { name: label }).check();

  it('should ask a new client for it at their first booking, book once saved, and show the marker and detail to the admin', async () => {
    const context = await browser.newContext({ viewport: { width: WIDTH, height: 844 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    const email = await registerClient(page, baseUrl, 'Regina Salud', 'clave-segura-1', { healthProfile: false });
    givePlan(dataDir, email, { classes: 4, start: today, end: addDays(today, 40) });

    await openNextMonday(page, baseUrl);
    const row = slotRow(page, '7:00 AM');
    await row.getByRole('button', { name: 'Reservar' }).click();
    await confirmReformer(page, { reformer: 'Reformer 3' });

    // The booking answers HEALTH_PROFILE_REQUIRED: the questionnaire opens instead of an error.
    const dialog = page.getByRole('dialog', { name: 'Cuestionario de salud' });
    await dialog.waitFor();
    await answer(page, /lesión o dolor/, 'Sí');
    await dialog.getByRole('textbox', { name: /¿Cuál\?/ }).fill('Dolor lumbar desde hace un año');
    await answer(page, /Te operaron/, 'No');
    await answer(page, /embarazada/, 'No');
    await answer(page, /corazón/, 'No');
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Patricia Salud');
    await dialog.getByRole('textbox', { name: /Teléfono/ }).fill('722 123 4567');
    await dialog.getByRole('textbox', { name: /Parentesco/ }).fill('Mamá');
    // Without the consent nothing is sent.
    await dialog.getByRole('button', { name: 'Guardar y reservar' }).click();
    await expect.poll(() => dialog.getByText(/Marca la casilla para darnos tu consentimiento/).isVisible()).toBe(true);
    expect(await dialog.getByRole('link', { name: 'Leer el aviso de privacidad' }).getAttribute('href')).toBe(
      '/pilates/aviso-de-privacidad',
    );
    await dialog.getByRole('checkbox', { name: /Autorizo expresamente al estudio/ }).click();
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: screenshotPath(`cuestionario-de-salud-${WIDTH}`) });
    await dialog.getByRole('button', { name: 'Guardar y reservar' }).click();

    // Saved, the booking is sent again on the reformer chosen.
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => toast(page, '¡Has reservado con éxito!').isVisible()).toBe(true);
    await expect.poll(() => row.getByText('Reservada', { exact: true }).isVisible()).toBe(true);

    // Mi información shows it, to update any time.
    await page.goto(`${baseUrl}/pilates/informacion`);
    const section = page.getByRole('region', { name: 'Salud y contacto de emergencia' });
    await expect.poll(() => section.getByText('Sí: Dolor lumbar desde hace un año').isVisible()).toBe(true);
    expect(await section.getByRole('button', { name: 'Actualizar mi cuestionario' }).isVisible()).toBe(true);
    expect(watch.consoleErrors.filter((error) => !/status of 409/.test(error))).toEqual([]);
    await context.close();

    // The admin's roster marks her; the detail opens on demand.
    const adminContext = await browser.newContext({ viewport: { width: WIDTH, height: 844 } });
    const admin = await adminContext.newPage();
    await logIn(admin, baseUrl, ADMIN.email, ADMIN.password);
    await admin.goto(`${baseUrl}/pilates/usuarios-clases?fecha=${nextMonday}`);
    await admin
      .getByRole('button', { name: /7:00 AM/ })
      .first()
      .click();
    const roster = admin.getByRole('dialog').first();
    await expect.poll(() => roster.getByText('Regina Salud').first().isVisible()).toBe(true);
    await roster.getByRole('button', { name: 'Tiene notas de salud' }).first().click();
    const detail = admin.getByRole('dialog', { name: 'Notas de salud de Regina Salud' });
    await expect.poll(() => detail.getByText('Sí: Dolor lumbar desde hace un año').isVisible()).toBe(true);
    expect(await detail.getByText('Patricia Salud (Mamá), +52 722 123 4567').isVisible()).toBe(true);
    await admin.screenshot({ path: screenshotPath(`notas-de-salud-${WIDTH}`) });
    await adminContext.close();
  });
});
