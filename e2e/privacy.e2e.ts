import { addDays } from '@pilates/dates';
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { givePlan } from './support/db';
import { CSRF, nextMonday, registerClient, sidewaysOverflow, today, toast } from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

// Next week's Thursday: a day the other journeys leave alone.
const nextThursday = addDays(nextMonday, 3);

describe('«Tus datos» on a phone: download my data, delete my account, log in fails', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('should hand the client their data, then delete the account so the old credentials no longer log in', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
    const page = await context.newPage();
    const watch = watchPage(page);
    const email = await registerClient(page, baseUrl, 'Renata Privada');
    givePlan(dataDir, email, { classes: 8, start: today, end: addDays(today, 40) });
    const slots = await page.request.post(`${baseUrl}/api/reservations/get-information`, {
      headers: CSRF,
      data: { date: nextThursday },
    });
    const slot = ((await slots.json()) as { data: { scheduleId: number; isCancelled: boolean }[] }).data.find(
      (s) => !s.isCancelled,
    )!;
    const booked = await page.request.post(`${baseUrl}/api/reservations/push-reservation`, {
      headers: CSRF,
      data: { date: nextThursday, classReservation: slot.scheduleId },
    });
    expect(booked.status()).toBe(201);

    // «Descargar mis datos»: two links and when they end; the JSON has the email and the booking.
    await page.goto(`${baseUrl}/pilates/informacion`);
    await page.getByRole('button', { name: 'Descargar mis datos' }).click();
    const jsonLink = page.getByRole('link', { name: 'Todo en un archivo (JSON)' });
    await jsonLink.waitFor();
    await expect.poll(() => page.getByText(/Los enlaces funcionan el .+ a las/).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Tablas para Excel (ZIP)' }).isVisible()).toBe(true);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: screenshotPath('tus-datos-390') });
    const [download] = await Promise.all([page.waitForEvent('download'), jsonLink.click()]);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      tablas: { users: { email: string }[]; reservations: { class_day: string; status: string }[] };
    };
    expect(data.tablas.users[0].email).toBe(email);
    expect(data.tablas.reservations).toEqual([expect.objectContaining({ class_day: nextThursday, status: 'active' })]);

    // «Eliminar mi cuenta»: the password, then what would be lost, confirmed.
    await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eliminar mi cuenta' });
    await dialog.waitFor();
    await dialog.getByLabel('Tu contraseña', { exact: true }).fill('clave-segura-1');
    await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    await expect.poll(() => dialog.getByText(/clases por usar/).isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText(/1 clase reservada por venir/).isVisible()).toBe(true);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: screenshotPath('eliminar-mi-cuenta-pendientes-390') });
    await dialog.getByRole('checkbox', { name: /Confirmo que pierdo/ }).click();
    await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    await page.waitForURL(`${baseUrl}/pilates`);
    await expect.poll(() => toast(page, /Eliminamos tu cuenta/).isVisible()).toBe(true);

    // The old credentials: refused.
    await page.goto(`${baseUrl}/pilates/cuenta`);
    await page.getByLabel('Correo Electrónico', { exact: true }).fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('clave-segura-1');
    await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
    await expect.poll(() => page.getByText('El correo o la contraseña son incorrectos.').isVisible()).toBe(true);
    expect(page.url()).toBe(`${baseUrl}/pilates/cuenta`);
    // The 409 that lists what is pending and the refused login are answers the page expects.
    expect(watch.consoleErrors.filter((text) => !/status of (401|409)/.test(text))).toEqual([]);
    await context.close();
  });
});
