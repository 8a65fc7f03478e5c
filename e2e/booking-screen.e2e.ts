import { addDays, formatLongDate } from '@pilates/dates';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { classesRemaining, givePlan } from './support/db';
import { openNextMonday, registerClient, slotRow, toast, today, confirmReformer } from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

describe('the booking screen shows what a client decides with', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    it(`shows the plan, free places and the cancellation deadline, books once on a double tap and cancels in place (${width} px)`, async () => {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      const watch = watchPage(page);
      const email = await registerClient(page, baseUrl, 'Sofía Ibarra');
      const end = addDays(today, 40);
      const planId = givePlan(dataDir, email, { classes: 8, start: today, end });

      await openNextMonday(page, baseUrl);
      // The plan the booking takes from, above the calendar.
      await expect
        .poll(() =>
          page
            .getByText(`Reservas con tu plan Ocho Clases: te quedan 8 clases, vigente hasta el ${formatLongDate(end)}.`)
            .isVisible(),
        )
        .toBe(true);
      const row = slotRow(page, '8:00 AM');
      await expect.poll(() => row.getByText('8 lugares disponibles').isVisible()).toBe(true);
      expect(await row.getByText('Pilates Reformer').isVisible()).toBe(true);
      expect(await row.getByText('50 min', { exact: true }).isVisible()).toBe(true);
      await expect
        .poll(() =>
          row
            .getByText(
              /^Cancela sin costo hasta el \S+ \d+ de \S+, \d{1,2}:\d{2} [AP]M\. Después puedes liberar tu lugar, pero la clase no se devuelve a tu plan\.$/,
            )
            .isVisible(),
        )
        .toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await page.screenshot({ path: screenshotPath(`reservar-cliente-${width}`), fullPage: true });

      // "Reservar" shows the room; a double tap on its "Reservar" books once, with one toast.
      await row.getByRole('button', { name: 'Reservar' }).click();
      // The room: every reformer free, "Cualquiera" chosen and focused, no sideways scroll.
      const chooser = page.getByRole('dialog', { name: 'Elige tu reformer' });
      await expect.poll(() => chooser.getByRole('radio', { name: 'Reformer 1, libre' }).isVisible()).toBe(true);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-checked') ?? null))
        .toBe('true');
      expect(await chooser.getByRole('radio', { name: /Cualquiera/ }).getAttribute('aria-checked')).toBe('true');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await page.waitForTimeout(400); // the dialog's entrance animation
      await page.screenshot({ path: screenshotPath(`elige-reformer-${width}`) });
      await confirmReformer(page, { double: true });
      await expect.poll(() => toast(page, '¡Has reservado con éxito!').isVisible()).toBe(true);
      await expect.poll(() => row.getByText('Reservada', { exact: true }).isVisible()).toBe(true);
      expect(await toast(page, '¡Has reservado con éxito!').count()).toBe(1);
      expect(classesRemaining(dataDir, planId)).toBe(7);

      // The booked class offers "Cancelar" right there.
      await row.getByRole('button', { name: 'Cancelar' }).click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.getByText(/Cancela sin costo hasta/).isVisible()).toBe(true);
      await dialog.getByRole('button', { name: 'Sí, cancelar' }).click();
      await expect.poll(() => toast(page, 'Cancelaste tu clase. La clase volvió a tu plan.').isVisible()).toBe(true);
      await expect.poll(() => row.getByRole('button', { name: 'Reservar' }).isEnabled()).toBe(true);
      expect(classesRemaining(dataDir, planId)).toBe(8);

      expect(watch.consoleErrors).toEqual([]);
      await context.close();
    });
  }
});
