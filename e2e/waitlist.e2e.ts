import { addDays, formatLongDate } from '@pilates/dates';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { classesRemaining, givePlan } from './support/db';
import { CSRF, nextMonday, registerClient, slotRow, toast, today } from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

/** Leaves a class with one place only (its row exists once someone booked it): the one taken. */
function shrinkToOnePlace(scheduleTime: string, date: string): void {
  const db = new Database(join(dataDir, 'pilates.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db
      .prepare('UPDATE class_sessions SET capacity = reserved_count WHERE date = ? AND start_time = ?')
      .run(date, scheduleTime);
    expect(changed.changes).toBe(1);
  } finally {
    db.close();
  }
}

describe('the waitlist: a full class is not a dead end', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  // Weeks after the ones other journeys book, one date per width.
  for (const [width, height, date] of [
    [1280, 800, addDays(nextMonday, 15)],
    [390, 844, addDays(nextMonday, 16)],
  ] as const) {
    it(`lets a client join a full class and find it in Mis clases once a place frees (${width} px)`, async () => {
      // Another client holds the class's only place.
      const holderContext = await browser.newContext();
      const holder = await holderContext.newPage();
      const holderEmail = await registerClient(holder, baseUrl, 'Regina Castro');
      givePlan(dataDir, holderEmail, { classes: 4, start: today, end: addDays(today, 60) });
      const booked = await holder.request.post(`${baseUrl}/api/reservations/get-information`, {
        headers: CSRF,
        data: { date },
      });
      const nine = ((await booked.json()) as { data: { scheduleId: number; time: string }[] }).data.find(
        (s) => s.time === '9:00 AM',
      )!;
      const booking = await holder.request.post(`${baseUrl}/api/reservations/push-reservation`, {
        headers: CSRF,
        data: { date, classReservation: nine.scheduleId },
      });
      expect(booking.status()).toBe(201);
      const { reservationId } = (await booking.json()) as { reservationId: number };
      shrinkToOnePlace('09:00', date);

      // The waiting client.
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      const watch = watchPage(page);
      const email = await registerClient(page, baseUrl, 'Lucía Méndez');
      const planId = givePlan(dataDir, email, { classes: 4, start: today, end: addDays(today, 60) });

      await page.goto(`${baseUrl}/pilates/reservar?fecha=${date}`);
      const row = slotRow(page, '9:00 AM');
      await expect.poll(() => row.getByText('Clase llena', { exact: false }).isVisible()).toBe(true);
      await row.getByRole('button', { name: 'Lista de espera' }).click();
      const dialog = page.getByRole('dialog', { name: '¿Unirte a la lista de espera?' });
      await expect
        .poll(() => dialog.getByText('No se toma ninguna clase de tu plan mientras esperas.').isVisible())
        .toBe(true);
      await dialog.getByRole('button', { name: 'Unirme a la lista' }).click();
      await expect
        .poll(() => toast(page, 'Te uniste a la lista de espera. Eres el 1.º en la lista.').isVisible())
        .toBe(true);
      await expect.poll(() => row.getByText('Eres el 1.º en la lista').isVisible()).toBe(true);
      expect(classesRemaining(dataDir, planId)).toBe(4);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await page.screenshot({ path: screenshotPath(`lista-de-espera-reservar-${width}`), fullPage: true });

      // Mis clases shows the line while waiting.
      await page.goto(`${baseUrl}/pilates/clases`);
      const lines = page.getByRole('region', { name: 'Listas de espera' });
      await expect.poll(() => lines.getByText(/Eres el 1\.º en la lista/).isVisible()).toBe(true);

      // The holder cancels: the place goes to the line, in the same transaction.
      const cancel = await holder.request.post(`${baseUrl}/api/reservations/cancel-reservation`, {
        headers: CSRF,
        data: { id: reservationId },
      });
      expect(cancel.status()).toBe(200);
      expect(classesRemaining(dataDir, planId)).toBe(3);

      await page.reload();
      // The table at 1280 px, the cards at 390: whichever is on screen lists the class.
      await expect
        .poll(() => page.getByText(formatLongDate(date)).filter({ visible: true }).count())
        .toBeGreaterThan(0);
      expect(await page.getByRole('region', { name: 'Listas de espera' }).count()).toBe(0);
      await page.screenshot({ path: screenshotPath(`lista-de-espera-mis-clases-${width}`), fullPage: true });

      await page.goto(`${baseUrl}/pilates/reservar?fecha=${date}`);
      await expect.poll(() => slotRow(page, '9:00 AM').getByText('Reservada', { exact: true }).isVisible()).toBe(true);

      expect(watch.consoleErrors).toEqual([]);
      await context.close();
      await holderContext.close();
    });
  }
});
