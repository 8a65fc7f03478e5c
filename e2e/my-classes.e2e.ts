import { addDays, formatLongDate, formatLongDateWithWeekday, mondayOf, studioToday } from '@pilates/dates';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { classesRemaining, givePlan } from './support/db';
import { ADMIN } from './support/global-setup';
import { CSRF, registerClient } from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

// The server runs on the real clock: every date comes from today in the studio.
const today = studioToday(new Date(), 'America/Mexico_City');
const nextMonday = addDays(mondayOf(today), 7);
// Next week's Tuesday: far enough for free cancellation, and not the Monday other journeys book.
const nextTuesday = addDays(nextMonday, 1);
// The Saturday of the week after next: the admin cancels its 10:00 AM class.
const laterSaturday = addDays(nextMonday, 12);

interface Slot {
  scheduleId: number;
  time: string;
  capacity: number;
  reservedCount: number;
  isCancelled: boolean;
}

async function slotsOn(page: Page, date: string): Promise<Slot[]> {
  const answer = await page.request.post(`${baseUrl}/api/reservations/get-information`, {
    headers: CSRF,
    data: { date },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: Slot[] }).data;
}

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Avisos/ }).getByText(text);

describe('my classes and the timetable', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('should let a client see a booked class in Mis clases and cancel it back into the plan', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watch = watchPage(page);

    // A client with a plan and a booking next Tuesday, all through the API (the context keeps the cookie).
    const email = await registerClient(page, baseUrl, 'Camila Torres');
    const planId = givePlan(dataDir, email, { classes: 8, start: today, end: addDays(today, 40) });
    const slot = (await slotsOn(page, nextTuesday)).find((s) => s.time === '7:00 AM')!;
    expect(slot).toBeDefined();
    const booked = await page.request.post(`${baseUrl}/api/reservations/push-reservation`, {
      headers: CSRF,
      data: { date: nextTuesday, classReservation: slot.scheduleId },
    });
    expect(booked.status()).toBe(201);
    expect(classesRemaining(dataDir, planId)).toBe(7);

    await page.goto(`${baseUrl}/pilates/clases`);
    const table = page.getByRole('table', { name: 'Próximas clases' });
    const row = table.getByRole('row').filter({ hasText: formatLongDate(nextTuesday) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Martes');
    expect(await row.textContent()).toContain('7:00 AM');
    expect(await row.textContent()).toContain('Pilates Reformer');

    // The calendar link appears in a read-only field (copied too when the clipboard allows it).
    await page.getByRole('button', { name: 'Copiar enlace del calendario' }).click();
    const feed = page.getByLabel('Enlace de tu calendario');
    await feed.waitFor();
    expect(await feed.inputValue()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[\w-]{43}\.ics$/);
    await page.screenshot({ path: screenshotPath('mis-clases-1280'), fullPage: true });

    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('list', { name: 'Próximas clases' }).waitFor();
    await page.screenshot({ path: screenshotPath('mis-clases-375'), fullPage: true });

    // On a phone the classes are cards; cancel from there.
    const card = page
      .getByRole('list', { name: 'Próximas clases' })
      .getByRole('listitem')
      .filter({ hasText: formatLongDate(nextTuesday) });
    await card.getByRole('button', { name: /^Cancelar/ }).click();
    const dialog = page.getByRole('dialog', {
      name: `¿Cancelar tu clase del ${formatLongDateWithWeekday(nextTuesday)} a las 7:00 AM?`,
    });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/Cancela sin costo hasta el \S+ \d+ de \S+, \d{1,2}:\d{2} (AM|PM)/);
    await page.waitForTimeout(400); // the dialog's entrance animation
    await page.screenshot({ path: screenshotPath('mis-clases-cancelar-375') });

    await dialog.getByRole('button', { name: 'Sí, cancelar' }).click();
    await page.getByText('Aún no tienes clases reservadas').waitFor();
    expect(await page.getByRole('link', { name: 'Reservar una clase' }).getAttribute('href')).toBe('/pilates/reservar');
    expect(classesRemaining(dataDir, planId)).toBe(8);

    expect(watch.consoleErrors).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
    await context.close();
  });

  it('should let the admin change a class of the timetable and cancel one class on a date', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    const login = await page.request.post(`${baseUrl}/api/auth/login`, { headers: CSRF, data: ADMIN });
    expect(login.status()).toBe(200);

    await page.goto(`${baseUrl}/pilates/horario`);
    const lunes = page.getByRole('region', { name: 'Lunes', exact: true });
    await lunes.getByText('7:00 AM').waitFor();
    expect(await lunes.getByRole('listitem').count()).toBe(6);
    await page.screenshot({ path: screenshotPath('horario-1280'), fullPage: true });

    // Saturday 10:00 AM: 8 places → 10.
    const sabado = page.getByRole('region', { name: 'Sábado', exact: true });
    const saturdayTen = sabado.getByRole('listitem').filter({ hasText: '10:00 AM' });
    expect(await saturdayTen.textContent()).toContain('8 lugares');
    await page.getByRole('button', { name: 'Editar la clase del sábado a las 10:00 AM' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar clase' });
    await edit.getByLabel('Capacidad').fill('10');
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await saturdayTen.getByText('10 lugares').waitFor();
    expect(await edit.isVisible()).toBe(false);

    // Cancel that class on the Saturday of the week after next.
    // Horario's "Cancelar una clase" (beside "Poner un suplente", which has its own date and class).
    const cancelOne = page.getByRole('region', { name: 'Cancelar una clase' });
    await cancelOne.getByLabel('Fecha').fill(laterSaturday);
    await cancelOne.getByRole('combobox', { name: 'Clase' }).click();
    // The timetable says 10, but the room has 8 reformers: the class sells 8 places.
    await page.getByRole('option', { name: '10:00 AM · 0/8 reservados' }).click();
    await page.getByRole('button', { name: 'Cancelar clase', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: '¿Cancelar esta clase?' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('se avisará a cada cliente por correo');
    await confirm.getByRole('button', { name: 'Sí, cancelar clase' }).click();
    await toast(page, 'Clase cancelada.').waitFor();
    expect((await slotsOn(page, laterSaturday)).find((s) => s.time === '10:00 AM')?.isCancelled).toBe(true);

    await page.setViewportSize({ width: 375, height: 740 });
    await page.screenshot({ path: screenshotPath('horario-375'), fullPage: true });

    // Leave the timetable as seeded for the other journeys.
    const scheduleId = (await slotsOn(page, laterSaturday)).find((s) => s.time === '10:00 AM')!.scheduleId;
    const restored = await page.request.post(`${baseUrl}/api/reservations/horario/change`, {
      headers: CSRF,
      data: { id: scheduleId, capacity: 8 },
    });
    expect(restored.status()).toBe(200);

    expect(watch.consoleErrors).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
    await context.close();
  });
});
