import { addDays, formatLongDate, formatLongDateWithWeekday, mondayOf } from '@pilates/dates';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { addClassSoon, addPastClass, classesRemaining, givePlan, removeClass } from './support/db';
import { waitForMail } from './support/mail';
import { CSRF, nextMonday, registerClient, slotRow, toast, today, confirmReformer } from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

// Next week's Wednesday: outside the window, and a day no other journey books.
const nextWednesday = addDays(nextMonday, 2);
// Last week's Monday: a class the client took, for "Pasadas".
const lastMonday = addDays(mondayOf(today), -7);

describe('the cancellation deadline is never promised when the server would refuse it', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    it(`warns before a late booking, offers no refused cancellation and splits Mis clases (${width} px)`, async () => {
      const soon = addClassSoon(dataDir);
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      const watch = watchPage(page);
      try {
        const email = await registerClient(page, baseUrl, 'Renata Salas');
        const planId = givePlan(dataDir, email, { classes: 8, start: addDays(today, -30), end: addDays(today, 40) });
        addPastClass(dataDir, email, planId, lastMonday);

        // A class about two hours away: inside the window, and the row says so before booking.
        await page.goto(`${baseUrl}/pilates/reservar?fecha=${soon.date}`);
        const late = slotRow(page, soon.time);
        await expect
          .poll(() =>
            late
              .getByText(
                'Reservas dentro del límite para cancelar sin costo: puedes liberar tu lugar, pero la clase no se devuelve a tu plan.',
              )
              .isVisible(),
          )
          .toBe(true);
        expect(await late.getByText(/Cancela sin costo/).count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
        await late.scrollIntoViewIfNeeded();
        await page.screenshot({ path: screenshotPath(`limite-fila-antes-${width}`), fullPage: true });

        // Booked: the toast and the row say it can no longer be cancelled; no "Cancelar" is offered.
        await late.getByRole('button', { name: 'Reservar' }).click();
        await confirmReformer(page);
        await expect.poll(() => toast(page, /Reservaste dentro del límite/).isVisible()).toBe(true);
        await expect.poll(() => late.getByText('Reservada', { exact: true }).isVisible()).toBe(true);
        await expect
          .poll(() => late.getByText(/^Ya no se puede cancelar sin costo: el límite era el /).isVisible())
          .toBe(true);
        expect(await late.getByRole('button', { name: 'Cancelar' }).count()).toBe(0);
        await page.screenshot({ path: screenshotPath(`limite-fila-reservada-${width}`), fullPage: true });
        // The confirmation mail promises nothing either.
        await expect
          .poll(() => waitForMail(dataDir, email), { timeout: 10_000 })
          .toContain('Reservaste dentro del límite de cancelación');
        expect(await waitForMail(dataDir, email)).not.toContain('Puedes cancelar sin costo');

        // A class next week: free to cancel, and the dialog says until when, from the server's answer.
        await page.goto(`${baseUrl}/pilates/reservar?fecha=${nextWednesday}`);
        const later = slotRow(page, '7:00 AM');
        await expect
          .poll(() =>
            later
              .getByText(
                /^Cancela sin costo hasta el \S+ \d+ de \S+, \d{1,2}:\d{2} [AP]M\. Después puedes liberar tu lugar, pero la clase no se devuelve a tu plan\.$/,
              )
              .isVisible(),
          )
          .toBe(true);
        await later.getByRole('button', { name: 'Reservar' }).click();
        await confirmReformer(page);
        await expect.poll(() => toast(page, /Cancela sin costo hasta el/).isVisible()).toBe(true);
        await later.getByRole('button', { name: 'Cancelar' }).click();
        const dialog = page.getByRole('dialog', {
          name: `¿Cancelar tu clase del ${formatLongDateWithWeekday(nextWednesday)} a las 7:00 AM?`,
        });
        await expect.poll(() => dialog.getByText(/Cancela sin costo hasta el/).isVisible()).toBe(true);
        await page.waitForTimeout(400); // the dialog's entrance animation
        await page.screenshot({ path: screenshotPath(`limite-dialogo-cancelar-${width}`) });
        await dialog.getByRole('button', { name: 'Volver' }).click();
        expect(classesRemaining(dataDir, planId)).toBe(6);

        // Mis clases: "Próximas" with each deadline and what cancelling does now, "Pasadas" with attendance.
        await page.goto(`${baseUrl}/pilates/clases`);
        await page.getByRole('heading', { name: /^Próximas/ }).waitFor();
        const next = page.getByRole(width >= 1024 ? 'table' : 'list', { name: 'Próximas clases' });
        const items = next.getByRole(width >= 1024 ? 'row' : 'listitem');
        const lateItem = items.filter({ hasText: formatLongDate(soon.date) }).filter({ hasText: soon.time });
        const laterItem = items.filter({ hasText: formatLongDate(nextWednesday) });
        await expect
          .poll(() => lateItem.getByText(/^Ya no se puede cancelar sin costo: el límite era el /).isVisible())
          .toBe(true);
        // Past the deadline only "Liberar lugar" (its dialog says the class is not returned), never a free cancel.
        expect(await lateItem.getByRole('button', { name: /^Cancelar/ }).count()).toBe(0);
        expect(await lateItem.getByRole('button', { name: /^Liberar tu lugar/ }).count()).toBe(1);
        await expect
          .poll(() => laterItem.getByText(/^Cancela sin costo hasta el .*; la clase vuelve a tu plan\.$/).isVisible())
          .toBe(true);
        expect(await laterItem.getByRole('button', { name: /^Cancelar la clase/ }).isVisible()).toBe(true);
        const past = page.getByRole(width >= 1024 ? 'table' : 'list', { name: 'Clases pasadas' });
        await expect.poll(() => past.getByText(formatLongDate(lastMonday)).isVisible()).toBe(true);
        expect(await past.getByText('Asistió').isVisible()).toBe(true);
        expect(await page.getByText('PILATES', { exact: true }).count()).toBe(0);
        if (width >= 1024) {
          expect(await next.getByRole('columnheader', { name: 'Clase', exact: true }).isVisible()).toBe(true);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
        await page.screenshot({ path: screenshotPath(`mis-clases-proximas-pasadas-${width}`), fullPage: true });

        // Leave next week's Wednesday free for the other width.
        const mine = await page.request.post(`${baseUrl}/api/informacion/get-clases`, {
          headers: CSRF,
          data: { periodo: 'proximas' },
        });
        const booked = ((await mine.json()) as { clases: { id: number; date: string }[] }).clases.find(
          (row) => row.date === nextWednesday,
        )!;
        const cancelled = await page.request.post(`${baseUrl}/api/reservations/cancel-reservation`, {
          headers: CSRF,
          data: { id: booked.id },
        });
        expect(cancelled.status()).toBe(200);

        expect(watch.consoleErrors).toEqual([]);
        expect(watch.externalRequests).toEqual([]);
      } finally {
        await context.close();
        removeClass(dataDir, soon.scheduleId);
      }
    });
  }
});
