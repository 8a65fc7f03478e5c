import { addDays, formatLongDate } from '@pilates/dates';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { addClassSoon, classesRemaining, givePlan, removeClass, setCapacity } from './support/db';
import { ADMIN } from './support/global-setup';
import { confirmReformer, CSRF, logIn, registerClient, sidewaysOverflow, slotRow, toast, today } from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

const WIDTH = 390;
const HEIGHT = 844;
const REASON = 'Avisó por WhatsApp: emergencia familiar';

const logInAsAdmin = (page: Page) => logIn(page, baseUrl, ADMIN.email, ADMIN.password);

describe('"Liberar lugar" after the deadline and "Perdonar" (390 px)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('should let a client release a late place to the waiting client, and the admin forgive it with a reason', async () => {
    // A class about two hours away (inside the 12-hour window: its free deadline has passed) with one place.
    const soon = addClassSoon(dataDir);
    setCapacity(dataDir, soon.scheduleId, 1);
    const contexts = await Promise.all(
      [0, 1, 2].map(() => browser.newContext({ viewport: { width: WIDTH, height: HEIGHT } })),
    );
    const [ines, teresa, admin] = await Promise.all(contexts.map((context) => context.newPage()));
    const watches = [ines, teresa, admin].map(watchPage);
    try {
      const inesEmail = await registerClient(ines, baseUrl, 'Inés Robles');
      const inesPlan = givePlan(dataDir, inesEmail, { classes: 8, start: today, end: addDays(today, 30) });
      const teresaEmail = await registerClient(teresa, baseUrl, 'Teresa Campos');
      const teresaPlan = givePlan(dataDir, teresaEmail, { classes: 8, start: today, end: addDays(today, 30) });

      // Said before it happens: the row and the reformer dialog state the policy in force.
      await ines.goto(`${baseUrl}/pilates/reservar?fecha=${soon.date}`);
      const row = slotRow(ines, soon.time);
      const inside =
        'Reservas dentro del límite para cancelar sin costo: puedes liberar tu lugar, pero la clase no se devuelve a tu plan.';
      await expect.poll(() => row.getByText(inside).isVisible()).toBe(true);
      await row.getByRole('button', { name: 'Reservar' }).click();
      const picker = ines.getByRole('dialog', { name: 'Elige tu reformer' });
      await expect.poll(() => picker.getByText(inside).isVisible()).toBe(true);
      await ines.waitForTimeout(400); // the dialog's entrance animation
      await ines.screenshot({ path: screenshotPath(`liberar-reservar-politica-${WIDTH}`) });
      await confirmReformer(ines);
      await expect.poll(() => row.getByText('Reservada', { exact: true }).isVisible()).toBe(true);
      expect(classesRemaining(dataDir, inesPlan)).toBe(7);

      // Teresa waits for the only place.
      const joined = await teresa.request.post(`${baseUrl}/api/reservations/join-waitlist`, {
        headers: CSRF,
        data: { date: soon.date, classReservation: soon.scheduleId },
      });
      expect(joined.status()).toBe(201);

      // Inés cannot come: past the deadline the row offers "Liberar lugar", and the dialog says what it costs.
      await ines.reload();
      await expect
        .poll(() => row.getByText(/^Ya no se puede cancelar sin costo: el límite era el /).isVisible())
        .toBe(true);
      expect(await row.getByRole('button', { name: 'Cancelar' }).count()).toBe(0);
      await row.getByRole('button', { name: 'Liberar lugar' }).click();
      const release = ines.getByRole('dialog', { name: '¿Liberar tu lugar?' });
      await expect
        .poll(() =>
          release
            .getByText(
              /^Ya pasó el límite para cancelar sin costo \(.+\)\. Si liberas tu lugar, la clase no se devuelve a tu plan\.$/,
            )
            .isVisible(),
        )
        .toBe(true);
      await ines.waitForTimeout(400);
      await ines.screenshot({ path: screenshotPath(`liberar-dialogo-${WIDTH}`) });
      await release.getByRole('button', { name: 'Liberar lugar' }).click();
      await expect
        .poll(() => toast(ines, 'Liberaste tu lugar. La clase no se devolvió a tu plan.').isVisible())
        .toBe(true);
      expect(classesRemaining(dataDir, inesPlan)).toBe(7);
      expect(await sidewaysOverflow(ines)).toBe(0);

      // The waiting client got the place at once: her row says "Reservada".
      await teresa.goto(`${baseUrl}/pilates/reservar?fecha=${soon.date}`);
      const teresaRow = slotRow(teresa, soon.time);
      await expect.poll(() => teresaRow.getByText('Reservada', { exact: true }).isVisible()).toBe(true);
      expect(classesRemaining(dataDir, teresaPlan)).toBe(7);
      await teresaRow.scrollIntoViewIfNeeded();
      await teresa.screenshot({ path: screenshotPath(`liberar-promovida-${WIDTH}`) });

      // The admin forgives from the roster: "Lugar liberado" apart from the booked, a required reason.
      await logInAsAdmin(admin);
      await admin.goto(`${baseUrl}/pilates/usuarios-clases?fecha=${soon.date}`);
      await admin.getByRole('button', { name: new RegExp(soon.time) }).click();
      const roster = admin.getByRole('dialog').first();
      const released = roster.getByRole('region', { name: 'Liberaron su lugar' });
      await expect.poll(() => released.getByText('Inés Robles').isVisible()).toBe(true);
      expect(await released.getByText('Lugar liberado', { exact: true }).isVisible()).toBe(true);
      expect(await roster.getByText('Teresa Campos').first().isVisible()).toBe(true);
      await released.getByRole('button', { name: 'Perdonar la cancelación tardía de Inés Robles' }).click();
      const forgive = admin.getByRole('dialog', { name: 'Perdonar' });
      await forgive.getByRole('button', { name: 'Perdonar', exact: true }).click();
      await expect.poll(() => forgive.getByText('Escribe el motivo.').isVisible()).toBe(true);
      await forgive.getByRole('textbox', { name: /Motivo/ }).fill(REASON);
      await admin.screenshot({ path: screenshotPath(`perdonar-dialogo-${WIDTH}`) });
      await forgive.getByRole('button', { name: 'Perdonar', exact: true }).click();
      await expect
        .poll(() => toast(admin, 'Se perdonó la cancelación tardía; la clase volvió a su plan.').isVisible())
        .toBe(true);
      await expect.poll(() => released.getByText('Perdonado', { exact: true }).isVisible()).toBe(true);
      expect(await released.getByRole('button', { name: /^Perdonar/ }).count()).toBe(0);
      expect(await sidewaysOverflow(admin)).toBe(0);
      await admin.screenshot({ path: screenshotPath(`perdonar-lista-${WIDTH}`) });

      // Inés's plan shows the class back, and Mis clases says what happened to it.
      expect(classesRemaining(dataDir, inesPlan)).toBe(8);
      await ines.goto(`${baseUrl}/pilates/clases`);
      const next = ines.getByRole('list', { name: 'Próximas clases' });
      const item = next
        .getByRole('listitem')
        .filter({ hasText: formatLongDate(soon.date) })
        .filter({ hasText: soon.time });
      await expect.poll(() => item.getByText('Lugar liberado (perdonado)').isVisible()).toBe(true);
      expect(await item.getByRole('button').count()).toBe(0);
      await ines.getByRole('tab', { name: 'Planes' }).click();
      const plan = ines
        .getByRole('list', { name: 'Mis planes' })
        .getByRole('listitem')
        .filter({ hasText: 'Ocho Clases' });
      await expect.poll(async () => (await plan.textContent()) ?? '').toContain('8 de 8');
      expect(await sidewaysOverflow(ines)).toBe(0);
      await ines.screenshot({ path: screenshotPath(`perdonar-plan-devuelto-${WIDTH}`), fullPage: true });

      for (const watch of watches) {
        expect(watch.consoleErrors).toEqual([]);
        expect(watch.externalRequests).toEqual([]);
      }
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
      removeClass(dataDir, soon.scheduleId);
    }
  });
});
