import { addDays, formatLongDate, formatLongDateWithWeekday, mondayOf } from '@pilates/dates';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage, type PageWatch } from './support/browser';
import { givePlan } from './support/db';
import { ADMIN } from './support/global-setup';
import {
  CSRF,
  dayButtonName,
  nextMonday,
  openNextMonday,
  registerClient,
  slotRow,
  toast,
  today,
  confirmReformer,
} from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
/** A refused booking (409) is an answer the page handles; Chromium still logs the failed load. */
const unexpectedErrors = (watch: PageWatch) => watch.consoleErrors.filter((error) => !/status of 409/.test(error));

describe('booking', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('should let a client with a plan book a class next week, see it in Mis clases and cancel it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    const email = await registerClient(page, baseUrl, 'Valeria Campos');
    givePlan(dataDir, email, { classes: 8, start: today, end: addDays(today, 40) });

    await openNextMonday(page, baseUrl);
    const row = slotRow(page, '8:00 AM');
    await expect.poll(() => row.getByText('8 lugares disponibles').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('reservar-1280'), fullPage: true });

    await row.getByRole('button', { name: 'Reservar' }).click();
    await confirmReformer(page);
    await expect.poll(() => toast(page, '¡Has reservado con éxito!').isVisible()).toBe(true);
    await expect.poll(() => row.getByText('Reservada', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => row.getByText('7 lugares disponibles').isVisible()).toBe(true);

    // A reload keeps the chosen day (it lives in the URL) and the booking.
    await page.reload();
    await expect.poll(() => slotRow(page, '8:00 AM').getByText('Reservada', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: dayButtonName(nextMonday) }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    // The class is in "Mis clases", and cancelling it there frees the place again.
    await page.goto(`${baseUrl}/pilates/clases`);
    const mine = page.getByRole('table', { name: 'Próximas clases' }).getByRole('row').filter({ hasText: '8:00 AM' });
    await expect.poll(() => mine.getByText(formatLongDate(nextMonday)).isVisible()).toBe(true);
    await mine.getByRole('button', { name: /^Cancelar/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sí, cancelar' }).click();
    await expect.poll(() => page.getByText('Aún no tienes clases reservadas').isVisible()).toBe(true);
    await openNextMonday(page, baseUrl);
    await expect.poll(() => slotRow(page, '8:00 AM').getByText('8 lugares disponibles').isVisible()).toBe(true);
    await expect.poll(() => slotRow(page, '8:00 AM').getByRole('button', { name: 'Reservar' }).isEnabled()).toBe(true);

    expect(watch.consoleErrors).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
    await context.close();
  });

  it('should offer the six plans to a client without one', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    await registerClient(page, baseUrl, 'Mónica Reyes');

    await openNextMonday(page, baseUrl);
    await expect.poll(() => slotRow(page, '9:00 AM').getByText('8 lugares disponibles').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('reservar-375'), fullPage: true });

    await slotRow(page, '9:00 AM').getByRole('button', { name: 'Reservar' }).click();
    await confirmReformer(page);
    const dialog = page.getByRole('dialog', { name: 'Contrata un plan' });
    await expect.poll(() => dialog.getByRole('button', { name: 'Comprar Plan' }).count()).toBe(6);
    const names = await dialog.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(names).toEqual([
      'Una Clase',
      'Cuatro Clases',
      'Ocho Clases',
      'Doce Clases',
      'Dieciséis Clases',
      'Veinte Clases',
    ]);
    // No commission configured in the suite: none announced.
    expect(await dialog.innerText()).not.toMatch(/comisión/i);

    await dialog.getByRole('button', { name: 'Comprar Plan' }).nth(2).click();
    // The summary of the chosen plan, ready for Mercado Pago (purchase.e2e.ts pays).
    await expect.poll(() => dialog.getByRole('region', { name: 'Ocho Clases' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Pagar con Mercado Pago' }).isEnabled()).toBe(true);
    await page.screenshot({ path: screenshotPath('reservar-planes-375'), animations: 'disabled' });

    await dialog.getByText('Cerrar', { exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(unexpectedErrors(watch)).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
    await context.close();
  });

  it('should tell a client whose plan ends before the chosen day that the date is out of range', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    const email = await registerClient(page, baseUrl, 'Paula Ortiz');
    givePlan(dataDir, email, { classes: 4, start: today, end: addDays(nextMonday, -1) });

    await openNextMonday(page, baseUrl);
    await slotRow(page, '7:00 PM').getByRole('button', { name: 'Reservar' }).click();
    await confirmReformer(page);
    const dialog = page.getByRole('dialog', { name: 'La fecha está fuera del rango del plan' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('reservar-fuera-de-plan-1280'), animations: 'disabled' });
    await dialog.getByText('Cerrar', { exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await slotRow(page, '7:00 PM').getByRole('button', { name: 'Reservar' }).isEnabled()).toBe(true);

    expect(unexpectedErrors(watch)).toEqual([]);
    await context.close();
  });

  it('should send a guest who presses Reservar to log in, and back to the same day afterwards', async () => {
    const setup = await browser.newContext();
    const email = await registerClient(await setup.newPage(), baseUrl, 'Renata Gil');
    await setup.close();

    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    // It opens on today, or on the next day that still has a class to book (today stays selectable).
    await page.goto(`${baseUrl}/pilates/reservar`);
    await expect.poll(() => page.getByRole('button', { name: 'Reservar' }).first().isEnabled()).toBe(true);
    // That day is in next week when this one has no class left (a Saturday after its last class):
    // back to this week, where days before today are not offered, nor is the week before.
    const previousWeek = page.getByRole('button', { name: 'Semana anterior' });
    if (await previousWeek.isEnabled()) await previousWeek.click();
    await expect.poll(() => previousWeek.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: `${dayButtonName(today)} (hoy)` }).isEnabled()).toBe(true);
    if (today !== mondayOf(today)) {
      expect(await page.getByRole('button', { name: dayButtonName(mondayOf(today)) }).isDisabled()).toBe(true);
    }
    await page.getByRole('heading', { name: /^Clases del/ }).waitFor();
    await page.screenshot({ path: screenshotPath('reservar-hoy-375') });

    await openNextMonday(page, baseUrl);
    await slotRow(page, '6:00 PM').getByRole('button', { name: 'Reservar' }).click();
    await page.waitForURL('**/pilates/cuenta?**');
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe(`/pilates/reservar?fecha=${nextMonday}`);

    await page.getByLabel('Correo Electrónico', { exact: true }).fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('clave-segura-1');
    await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
    await page.waitForURL(
      (url) => url.pathname === '/pilates/reservar' && url.searchParams.get('fecha') === nextMonday,
    );
    await expect.poll(() => slotRow(page, '6:00 PM').getByRole('button', { name: 'Reservar' }).isVisible()).toBe(true);
    await context.close();
  });

  it('should let the admin see who booked a class and remove them', async () => {
    // A client books next Monday at 9:00 through the API.
    const clientContext = await browser.newContext();
    const clientPage = await clientContext.newPage();
    const email = await registerClient(clientPage, baseUrl, 'Daniela Núñez');
    givePlan(dataDir, email, { classes: 4, start: today, end: addDays(today, 40) });
    const day = await clientPage.request.post(`${baseUrl}/api/reservations/get-information`, {
      headers: CSRF,
      data: { date: nextMonday },
    });
    const slots = ((await day.json()) as { data: { scheduleId: number; time: string }[] }).data;
    const nine = slots.find((slot) => slot.time === '9:00 AM');
    expect(nine).toBeDefined();
    const booked = await clientPage.request.post(`${baseUrl}/api/reservations/push-reservation`, {
      headers: CSRF,
      data: { date: nextMonday, classReservation: nine!.scheduleId },
    });
    expect(booked.status()).toBe(201);
    await clientContext.close();

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    await page.goto(`${baseUrl}/pilates/cuenta`);
    await page.getByLabel('Correo Electrónico', { exact: true }).fill(ADMIN.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/pilates');

    await page.goto(`${baseUrl}/pilates/usuarios-clases`);
    // The roster may look back: last week is allowed.
    await expect.poll(() => page.getByRole('button', { name: 'Semana anterior' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Semana siguiente' }).click();
    await page.getByRole('button', { name: dayButtonName(nextMonday) }).click();
    const classButton = page.getByRole('button', { name: /9:00 AM/ });
    await expect.poll(() => classButton.innerText()).toContain('/8 lugares');
    await page.screenshot({ path: screenshotPath('usuarios-clases-1280'), fullPage: true });
    await classButton.click();

    // Titled with its class: 'Lunes 30 de noviembre · 9:00 AM'.
    const monday = formatLongDateWithWeekday(nextMonday).replace(/ de \d{4}$/, '');
    const dialog = page.getByRole('dialog', {
      name: `${monday.charAt(0).toUpperCase()}${monday.slice(1)} · 9:00 AM`,
    });
    // In the list, and on her reformer in the room above it.
    await expect.poll(() => dialog.getByRole('listitem').getByText('Daniela Núñez').isVisible()).toBe(true);
    expect(await dialog.getByRole('radio', { name: /ocupado: Daniela Núñez/ }).isVisible()).toBe(true);
    expect(await dialog.getByText(email).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('usuarios-clases-dialogo-1280'), animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Quitar a Daniela Núñez' }).click();
    await expect
      .poll(() => dialog.getByText('¿Quitar a Daniela Núñez de esta clase? Su clase vuelve a su plan.').isVisible())
      .toBe(true);
    await dialog.getByRole('button', { name: 'Sí, quitar' }).click();
    await expect.poll(() => page.getByText('Se quitó a Daniela Núñez de la clase').first().isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText('No hay usuarios inscritos').isVisible()).toBe(true);

    await dialog.getByText('Cerrar', { exact: true }).click();
    await expect.poll(() => page.getByText('Se quitó a Daniela Núñez de la clase').count(), { timeout: 5000 }).toBe(0);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.screenshot({ path: screenshotPath('usuarios-clases-375'), fullPage: true });
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });
});
