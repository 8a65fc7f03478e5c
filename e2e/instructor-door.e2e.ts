import { isoWeekday, studioTimeOfDay, studioToday, to12Hour } from '@pilates/dates';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { givePlan, removeClass } from './support/db';
import { logIn, registerClient, sidewaysOverflow } from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const STUDIO_TZ = 'America/Mexico_City';

interface TaughtClass {
  scheduleId: number;
  instructorId: number;
  date: string;
  time: string;
}

/**
 * An instructor account (the role set and a profile linked, as "Instructores" does) teaching a class
 * of its own today that started about 20 minutes ago, with `clientEmail` booked in it from a plan.
 * The server runs on the real clock, so the class and the booking are written straight into its
 * database; the minutes (:02, :07, …) are never a seeded class's.
 */
function teachingToday(instructorEmail: string, clientEmail: string, planId: number): TaughtClass {
  const started = new Date(Math.floor((Date.now() - 20 * 60_000) / 300_000) * 300_000 + 120_000);
  const date = studioToday(started, STUDIO_TZ);
  const time24 = studioTimeOfDay(started, STUDIO_TZ);
  const db = new Database(join(dataDir, 'pilates.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    return db.transaction(() => {
      const teacher = db.prepare('SELECT id FROM users WHERE email = ?').get(instructorEmail) as { id: number };
      const client = db.prepare('SELECT id FROM users WHERE email = ?').get(clientEmail) as { id: number };
      db.prepare("UPDATE users SET role = 'instructor' WHERE id = ?").run(teacher.id);
      const profile = db
        .prepare(
          `INSERT INTO instructors (user_id, name, slug, bio, specialties, active, sort_order)
           VALUES (?, 'Paula Puerta', ?, '', '', 1, 99)`,
        )
        .run(teacher.id, `paula-puerta-${Date.now()}`);
      const instructorId = Number(profile.lastInsertRowid);
      const schedule = db
        .prepare(
          `INSERT INTO schedules (weekday, start_time, capacity, instructor, instructor_id)
           VALUES (?, ?, 8, 'Paula Puerta', ?)`,
        )
        .run(isoWeekday(date), time24, instructorId);
      const scheduleId = Number(schedule.lastInsertRowid);
      const session = db
        .prepare(
          `INSERT INTO class_sessions (schedule_id, date, start_time, capacity, reserved_count, instructor, instructor_id)
           VALUES (?, ?, ?, 8, 1, 'Paula Puerta', ?)`,
        )
        .run(scheduleId, date, time24, instructorId);
      db.prepare(
        `INSERT INTO reservations (class_session_id, user_id, user_plan_id, status, active_marker, class_date)
         VALUES (?, ?, ?, 'active', 1, ?)`,
      ).run(Number(session.lastInsertRowid), client.id, planId, date);
      db.prepare('UPDATE user_plans SET classes_remaining = classes_remaining - 1 WHERE id = ?').run(planId);
      return { scheduleId, instructorId, date, time: to12Hour(time24) };
    })();
  } finally {
    db.close();
  }
}

/** The class, its bookings and the profile go again, leaving the timetable as seeded. */
function forget(taught: TaughtClass): void {
  removeClass(dataDir, taught.scheduleId);
  const db = new Database(join(dataDir, 'pilates.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('UPDATE instructors SET active = 0 WHERE id = ?').run(taught.instructorId);
  } finally {
    db.close();
  }
}

describe('an instructor at the door of their class, on a phone', () => {
  let browser: Browser;
  let taught: TaughtClass | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    if (taught) forget(taught);
    await browser?.close();
  });

  it('logs in, opens Mis clases a impartir at 390 px, sees the roster and marks attendance with large buttons', async () => {
    const setup = await browser.newContext();
    const setupPage = await setup.newPage();
    const teacherEmail = await registerClient(setupPage, baseUrl, 'Paula Puerta');
    const clientEmail = await registerClient(setupPage, baseUrl, 'Renata Reformer');
    await setup.close();
    const planId = givePlan(dataDir, clientEmail, { classes: 5, start: '2020-01-01', end: '2099-12-31' });
    taught = teachingToday(teacherEmail, clientEmail, planId);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await context.newPage();
    const watch = watchPage(page);
    await logIn(page, baseUrl, teacherEmail, 'clave-segura-1');

    // From the account menu: the instructor's own page.
    await page.goto(`${baseUrl}/pilates/clases`);
    const menuLink = page.getByRole('link', { name: 'Mis clases a impartir', exact: true });
    await menuLink.tap();
    await page.waitForURL(`${baseUrl}/pilates/mis-clases-a-impartir`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Mis clases a impartir', level: 1 }).isVisible())
      .toBe(true);

    // Today's class (the same class a week later is listed under its own day).
    const klass = page.getByRole('region', { name: /^Hoy, / }).getByRole('article', { name: taught.time, exact: true });
    await expect.poll(() => klass.isVisible()).toBe(true);
    expect(await klass.getByText('Renata Reformer', { exact: true }).isVisible()).toBe(true);
    expect(await klass.getByText('Le quedan 4 clases', { exact: true }).isVisible()).toBe(true);
    expect(await klass.getByText('Primera vez', { exact: true }).isVisible()).toBe(true);

    const came = klass.getByRole('button', { name: 'Asistió: Renata Reformer', exact: true });
    const box = await came.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect((await klass.getByRole('button', { name: 'Agregar cliente' }).boundingBox())!.height).toBeGreaterThanOrEqual(
      44,
    );

    await came.tap();
    await expect.poll(() => came.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() => klass.getByText('Asistieron: 1 · No asistieron: 0 · Sin marcar: 0', { exact: true }).isVisible())
      .toBe(true);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: screenshotPath('instructor-door-phone'), animations: 'disabled' });

    // The admin's rosters stay closed to the instructor.
    const roster = await page.request.post(`${baseUrl}/api/reservations/get-information-clases`, {
      headers: { 'X-Requested-With': 'pilates-web' },
      data: { date: taught.date },
    });
    expect(roster.status()).toBe(403);
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
    await context.close();
  });
});
