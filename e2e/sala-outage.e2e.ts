import { addDays, formatLongDate } from '@pilates/dates';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { givePlan } from './support/db';
import { ADMIN } from './support/global-setup';
import { waitForMail } from './support/mail';
import { CSRF, nextMonday, registerClient, today, toast, logIn } from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

const REASON = 'Resorte en reparación';

interface Slot {
  scheduleId: number;
  time: string;
  spots: { id: number; label: string; state: string }[];
}

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe('a reformer out of service ("Sala")', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  // Days no other journey books: the Thursday and the Friday of the week after next.
  it.each([
    [1280, 900, addDays(nextMonday, 10), 'mouse'],
    [390, 844, addDays(nextMonday, 11), 'keyboard'],
  ] as const)(
    'should move a booked client to a free reformer once the admin confirms the preview, at %i px',
    async (width, height, day, input) => {
      // A client books the 9:00 AM class on Reformer 3, through the API.
      const clientContext = await browser.newContext({ viewport: { width, height } });
      const client = await clientContext.newPage();
      const clientWatch = watchPage(client);
      const name = width === 390 ? 'Rocío Méndez' : 'Ana López';
      const email = await registerClient(client, baseUrl, name);
      givePlan(dataDir, email, { classes: 8, start: today, end: addDays(today, 40) });
      const slots = await client.request.post(`${baseUrl}/api/reservations/get-information`, {
        headers: CSRF,
        data: { date: day },
      });
      const slot = ((await slots.json()) as { data: Slot[] }).data.find((s) => s.time === '9:00 AM')!;
      const reformer = slot.spots.find((spot) => spot.label === 'Reformer 3')!;
      expect(reformer.state).toBe('free');
      const booked = await client.request.post(`${baseUrl}/api/reservations/push-reservation`, {
        headers: CSRF,
        data: { date: day, classReservation: slot.scheduleId, spot: reformer.id },
      });
      expect(booked.status()).toBe(201);

      // The admin marks Reformer 3 out of service that day.
      const adminContext = await browser.newContext({ viewport: { width, height } });
      const admin = await adminContext.newPage();
      const adminWatch = watchPage(admin);
      await logIn(admin, baseUrl, ADMIN.email, ADMIN.password);
      await admin.goto(`${baseUrl}/pilates/sala`);
      const section = admin.getByRole('region', { name: 'Fuera de servicio' });
      const mark = section.getByRole('button', { name: 'Marcar fuera de servicio' });
      const dialog = admin.getByRole('dialog', { name: 'Marcar fuera de servicio' });
      const select = dialog.getByRole('combobox', { name: /Reformer/ });
      if (input === 'mouse') {
        await mark.click();
        await select.click();
        await admin.getByRole('option', { name: 'Reformer 3', exact: true }).click();
        await dialog.getByLabel('Desde').fill(day);
        await dialog.getByLabel(/Hasta/).fill(day);
        await dialog.getByLabel('Motivo').fill(REASON);
        await dialog.getByRole('button', { name: 'Revisar' }).click();
      } else {
        // By keyboard only: the button, the select's options, the fields and the submit.
        await mark.focus();
        await admin.keyboard.press('Enter');
        await dialog.waitFor();
        await select.focus();
        await admin.keyboard.press('Enter');
        await admin.getByRole('listbox').waitFor();
        // One key at a time, each awaited until the focus has moved: a busy machine may paint the
        // listbox's focus later than the next key would be pressed.
        for (let step = 0; step < 12; step++) {
          const focused = await focusedText(admin);
          if (focused === 'Reformer 3') break;
          await admin.keyboard.press('ArrowDown');
          await expect.poll(() => focusedText(admin)).not.toBe(focused);
        }
        expect(await focusedText(admin)).toBe('Reformer 3');
        await admin.keyboard.press('Enter');
        await expect.poll(() => select.textContent()).toBe('Reformer 3');
        await dialog.getByLabel('Desde').fill(day);
        await dialog.getByLabel(/Hasta/).fill(day);
        await dialog.getByLabel('Motivo').focus();
        await admin.keyboard.type(REASON);
        await admin.keyboard.press('Enter');
      }

      // The preview names the client and where they go; nothing has changed yet.
      const moves = dialog.getByRole('region', { name: /Cambian de reformer/ });
      const move = moves.getByRole('listitem').filter({ hasText: name });
      await move.waitFor();
      const line = (await move.textContent())!;
      expect(line).toMatch(new RegExp(`^${name} · \\S+ \\d+ de \\S+ 9:00 AM · Reformer 3 →pasa a Reformer \\d+$`));
      const target = /(Reformer \d+)$/.exec(line)![1]!;
      expect(target).not.toBe('Reformer 3');
      expect(await sidewaysScroll(admin)).toBe(0);
      await admin.waitForTimeout(400); // the dialog's entrance animation
      await admin.screenshot({ path: screenshotPath(`sala-fuera-de-servicio-vista-previa-${width}`) });

      const confirm = dialog.getByRole('button', { name: 'Confirmar' });
      if (input === 'mouse') await confirm.click();
      else {
        await confirm.focus();
        await admin.keyboard.press('Enter');
      }
      await expect.poll(() => toast(admin, /^Reformer 3 queda fuera de servicio\./).isVisible()).toBe(true);
      const range = section.getByRole('listitem').filter({ hasText: 'Reformer 3' }).filter({ hasText: REASON });
      await range.waitFor();
      expect(await range.textContent()).toContain(formatLongDate(day));
      expect(await sidewaysScroll(admin)).toBe(0);
      await admin.screenshot({ path: screenshotPath(`sala-fuera-de-servicio-${width}`), fullPage: true });

      // The client's Mis clases names the new reformer, and a mail said which.
      await client.goto(`${baseUrl}/pilates/clases`);
      const row =
        width === 390
          ? client
              .getByRole('list', { name: 'Próximas clases' })
              .getByRole('listitem')
              .filter({ hasText: formatLongDate(day) })
          : client
              .getByRole('table', { name: 'Próximas clases' })
              .getByRole('row')
              .filter({ hasText: formatLongDate(day) });
      await row.waitFor();
      expect(await row.textContent()).toContain(target);
      expect(await row.textContent()).not.toContain('Reformer 3');
      expect(await sidewaysScroll(client)).toBe(0);
      await client.screenshot({ path: screenshotPath(`mis-clases-reformer-nuevo-${width}`), fullPage: true });
      await expect.poll(() => waitForMail(dataDir, email)).toContain(target);

      // "Terminar": Reformer 3 is back in service (and later journeys find the room as seeded).
      const end = range.getByRole('button', { name: /^Terminar: Reformer 3/ });
      if (input === 'mouse') await end.click();
      else {
        await end.focus();
        await admin.keyboard.press('Enter');
      }
      const ending = admin.getByRole('dialog', { name: 'Terminar: Reformer 3' });
      await ending.getByRole('button', { name: 'Terminar', exact: true }).click();
      await expect.poll(() => toast(admin, 'Reformer 3 vuelve a estar en servicio.').isVisible()).toBe(true);
      await expect.poll(() => range.count()).toBe(0);

      expect(adminWatch.consoleErrors).toEqual([]);
      expect(clientWatch.consoleErrors).toEqual([]);
      await adminContext.close();
      await clientContext.close();
    },
  );
});
