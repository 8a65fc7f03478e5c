import Database from 'better-sqlite3';
import { join } from 'node:path';
import { monthYearTitle } from '@pilates/dates';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { ADMIN } from './support/global-setup';
import { logIn, registerClient, sidewaysOverflow, today } from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

/** Last month in the studio ('2026-10' on any day of November): its classes have all happened. */
const lastMonth = (() => {
  const [year, month] = today.split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
})();

/**
 * An instructor with an account and a rate ($150.50 a class + $20 an attendee above 1), who taught
 * one class on the 10th of last month at 06:10 with two clients who came: $150.50 + $20 = $170.50.
 */
function seedTeacher(email: string, clientEmail: string): void {
  const db = new Database(join(dataDir, 'pilates.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.transaction(() => {
      const user = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number };
      const client = db.prepare('SELECT id FROM users WHERE email = ?').get(clientEmail) as { id: number };
      db.prepare("UPDATE users SET role = 'instructor' WHERE id = ?").run(user.id);
      const profile = db
        .prepare(
          `INSERT INTO instructors (user_id, name, slug, bio, specialties, active, sort_order,
             pay_per_class_cents, pay_per_attendee_cents, pay_attendee_threshold)
           VALUES (?, 'Paula Pago', ?, '', '', 1, 0, 15050, 2000, 1)`,
        )
        .run(user.id, `paula-pago-${Date.now()}`);
      const date = `${lastMonth}-10`;
      const schedule = db
        .prepare(
          `INSERT INTO schedules (weekday, start_time, capacity, instructor_id, instructor, active)
           VALUES (?, '06:10', 8, ?, 'Paula Pago', 0)`,
        )
        .run(((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1, profile.lastInsertRowid);
      const session = db
        .prepare(
          `INSERT INTO class_sessions (schedule_id, date, start_time, capacity, reserved_count, instructor_id, instructor)
           VALUES (?, ?, '06:10', 8, 2, ?, 'Paula Pago')`,
        )
        .run(schedule.lastInsertRowid, date, profile.lastInsertRowid);
      for (const id of [user.id, client.id]) {
        db.prepare(
          `INSERT INTO reservations (class_session_id, user_id, user_plan_id, paid_at_studio, status, active_marker, class_date, attended)
           VALUES (?, ?, NULL, 1, 'active', 1, ?, 1)`,
        ).run(session.lastInsertRowid, id, date);
      }
    })();
  } finally {
    db.close();
  }
}

describe('instructors’ pay on a phone and a laptop', () => {
  let browser: Browser;
  let teacherEmail: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    const setup = await browser.newContext();
    const page = await setup.newPage();
    teacherEmail = await registerClient(page, baseUrl, 'Paula Pago');
    const clientEmail = await registerClient(page, baseUrl, 'Alumna Pago');
    await setup.close();
    seedTeacher(teacherEmail, clientEmail);
  });
  afterAll(() => browser?.close());

  for (const width of [390, 1280]) {
    it(`should show the admin last month's pay with its CSV, and the instructor their own, at ${width} px`, async () => {
      const admin = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await admin.newPage();
      await logIn(page, baseUrl, ADMIN.email, ADMIN.password);
      await page.goto(`${baseUrl}/pilates/pago-instructores?mes=${lastMonth}`);
      await page.getByRole('heading', { level: 1, name: 'Pago a instructores' }).waitFor();
      expect(
        await page
          .getByRole('navigation', { name: 'Mi cuenta' })
          .getByRole('link', { name: 'Pago a instructores' })
          .count(),
      ).toBe(1);
      const sheet = page.getByRole('region', { name: 'Paula Pago' });
      await sheet.getByText('Total $170.50').waitFor();
      expect(await sheet.getByText('Tarifa: $150.50 por clase + $20.00 por asistente arriba de 1').isVisible()).toBe(
        true,
      );
      expect(await page.getByRole('combobox', { name: 'Mes' }).textContent()).toContain(
        monthYearTitle(`${lastMonth}-01`),
      );
      expect(await sidewaysOverflow(page)).toBe(0);
      const csv = await page.request.get(
        `${baseUrl}${await page.getByRole('link', { name: 'Descargar CSV' }).getAttribute('href')}`,
      );
      expect(csv.status()).toBe(200);
      expect(await csv.text()).toContain(
        `Paula Pago,10/${lastMonth.slice(5)}/${lastMonth.slice(0, 4)},6:10 AM,Impartida,2,Tomada,170.50`,
      );
      await admin.close();

      const teacher = await browser.newContext({ viewport: { width, height: 900 } });
      const own = await teacher.newPage();
      await logIn(own, baseUrl, teacherEmail, 'clave-segura-1');
      await own.goto(`${baseUrl}/pilates/informacion`);
      await own.getByRole('navigation', { name: 'Mi cuenta' }).getByRole('link', { name: 'Mi pago' }).click();
      await own.getByRole('heading', { level: 1, name: 'Mi pago' }).waitFor();
      // This month first; last month from the picker.
      await own.getByRole('combobox', { name: 'Mes' }).click();
      await own.getByRole('option', { name: monthYearTitle(`${lastMonth}-01`) }).click();
      const mine = own.getByRole('region', { name: 'Tus clases del mes' });
      await mine.getByText('Total $170.50').waitFor();
      expect(await sidewaysOverflow(own)).toBe(0);
      // The studio's report stays the admin's.
      await own.goto(`${baseUrl}/pilates/pago-instructores`);
      await own.waitForURL(`${baseUrl}/pilates/informacion`);
      await teacher.close();
    });
  }
});
