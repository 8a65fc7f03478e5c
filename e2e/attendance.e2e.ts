import { addDays, isoWeekday } from '@pilates/dates';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { ADMIN } from './support/global-setup';
import { waitForMail } from './support/mail';
import { logIn, nextMonday, registerClient, sidewaysOverflow, toast, today } from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

/** The latest weekday (Monday–Friday) before today: its 7:00 AM class has started, within the 7-day window. */
function lastWeekdayBeforeToday(): string {
  let date = addDays(today, -1);
  while (isoWeekday(date) > 5) date = addDays(date, -1);
  return date;
}

/**
 * A client booked in a class that already took place: the server runs on the real clock, so the
 * past reservation is written straight into its database (as a walk-in paid at the studio).
 */
function bookInThePast(email: string, date: string, time: string): void {
  const db = new Database(join(dataDir, 'pilates.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number };
    const schedule = db
      .prepare('SELECT id, capacity FROM schedules WHERE weekday = ? AND start_time = ?')
      .get(isoWeekday(date), time) as { id: number; capacity: number };
    db.prepare(
      `INSERT OR IGNORE INTO class_sessions (schedule_id, date, start_time, capacity, reserved_count, status)
       VALUES (?, ?, ?, ?, 0, 'scheduled')`,
    ).run(schedule.id, date, time, schedule.capacity);
    const session = db
      .prepare('SELECT id FROM class_sessions WHERE schedule_id = ? AND date = ?')
      .get(schedule.id, date) as { id: number };
    db.prepare('UPDATE class_sessions SET reserved_count = reserved_count + 1 WHERE id = ?').run(session.id);
    db.prepare(
      `INSERT INTO reservations (class_session_id, user_id, user_plan_id, paid_at_studio, status, active_marker)
       VALUES (?, ?, NULL, 1, 'active', 1)`,
    ).run(session.id, user.id);
  } finally {
    db.close();
  }
}

const logInAsAdmin = (page: Page) => logIn(page, baseUrl, ADMIN.email, ADMIN.password);

describe('attendance at the door on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('marks who came with large buttons at 390 px and adds walk-ins, new and existing', async () => {
    const pastDate = lastWeekdayBeforeToday();
    const clientContext = await browser.newContext();
    const rosaEmail = await registerClient(await clientContext.newPage(), baseUrl, 'Rosa Aguilar');
    await clientContext.close();
    bookInThePast(rosaEmail, pastDate, '07:00');

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await context.newPage();
    const watch = watchPage(page);
    await logInAsAdmin(page);

    // Yesterday's (or Friday's) 7:00 AM class: started, so attendance can be marked.
    await page.goto(`${baseUrl}/pilates/usuarios-clases?fecha=${pastDate}`);
    await page.getByRole('button', { name: /7:00 AM/ }).click();
    const dialog = page.getByRole('dialog', { name: /· 7:00 AM$/ });
    const came = dialog.getByRole('button', { name: 'Asistió: Rosa Aguilar', exact: true });
    await expect.poll(() => came.isVisible()).toBe(true);
    expect(await dialog.getByText('Pagado en estudio').first().isVisible()).toBe(true);
    const box = await came.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(44);
    const missedBox = await dialog.getByRole('button', { name: 'No asistió: Rosa Aguilar', exact: true }).boundingBox();
    expect(missedBox!.height).toBeGreaterThanOrEqual(44);

    await came.tap();
    await expect.poll(() => came.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() => dialog.getByText(/Asistieron: [1-9]\d* · No asistieron: \d+ · Sin marcar: \d+/).isVisible())
      .toBe(true);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: screenshotPath('attendance-phone'), animations: 'disabled' });
    await dialog.getByText('Cerrar', { exact: true }).click();

    // A walk-in at a class to come: a new client created on the spot, paid at the studio.
    const walkInDate = addDays(nextMonday, 22);
    await page.goto(`${baseUrl}/pilates/usuarios-clases?fecha=${walkInDate}`);
    await page.getByRole('button', { name: /8:00 AM/ }).click();
    const roster = page.getByRole('dialog', { name: /· 8:00 AM$/ });
    await roster.getByRole('button', { name: 'Agregar cliente' }).click();
    await roster.getByRole('tab', { name: 'Cliente nuevo' }).click();
    const newEmail = `puerta.${Date.now()}@example.com`;
    await roster.getByLabel(/Nombre/).fill('Inés Puerta');
    await roster.getByLabel(/Correo electrónico/).fill(newEmail);
    await roster.getByLabel(/Fecha de nacimiento/).fill('1992-03-04');
    await roster.getByRole('button', { name: 'Crear y agregar' }).click();
    await expect
      .poll(() =>
        toast(
          page,
          'Inés Puerta tiene su lugar en la clase. Pagado en estudio: no tiene un plan que cubra la fecha.',
        ).isVisible(),
      )
      .toBe(true);
    // On a reformer of the room, and in the list below it.
    await expect.poll(() => roster.getByRole('radio', { name: /ocupado: Inés Puerta/ }).isVisible()).toBe(true);
    expect(await roster.getByRole('button', { name: 'Quitar a Inés Puerta', exact: true }).isVisible()).toBe(true);
    const welcome = await waitForMail(dataDir, newEmail);
    expect(welcome).toContain('elegir tu contraseña');
    expect(welcome).toMatch(/\/pilates\/reset-password\/[A-Za-z0-9_-]+/);

    // And an existing client, found by name.
    await roster.getByRole('button', { name: 'Agregar cliente' }).click();
    await roster.getByLabel('Buscar por nombre o correo').fill('Rosa Aguilar');
    await roster.getByRole('button', { name: 'Agregar a Rosa Aguilar' }).first().click();
    await expect.poll(() => roster.getByRole('radio', { name: /ocupado: Rosa Aguilar/ }).isVisible()).toBe(true);
    expect(await roster.getByRole('button', { name: 'Quitar a Rosa Aguilar', exact: true }).isVisible()).toBe(true);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: screenshotPath('attendance-walk-in-phone'), animations: 'disabled' });

    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });
});
