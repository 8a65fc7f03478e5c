import { isoWeekday, studioTimeOfDay, studioToday, to12Hour } from '@pilates/dates';
import Database from 'better-sqlite3';
import { join } from 'node:path';

const STUDIO_TZ = 'America/Mexico_City';

/**
 * Fixtures written straight into the e2e server's SQLite file (DATA_DIR/pilates.sqlite): a client's
 * journeys need a plan, and giving it here keeps them off the admin's screens (admin.e2e.ts walks
 * "Agregar plan" itself). WAL mode lets this connection write while the server runs.
 */
export function givePlan(
  dataDir: string,
  email: string,
  plan: { classes: number; start: string; end: string; name?: string },
): number {
  const db = new Database(join(dataDir, 'pilates.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number } | undefined;
    if (!user) throw new Error(`no user ${email}`);
    const result = db
      .prepare(
        `INSERT INTO user_plans (user_id, plan_id, plan_name, classes_total, classes_remaining, start_date, end_date, is_paid, source)
         VALUES (?, NULL, ?, ?, ?, ?, ?, 1, 'admin')`,
      )
      .run(user.id, plan.name ?? 'Ocho Clases', plan.classes, plan.classes, plan.start, plan.end);
    return Number(result.lastInsertRowid);
  } finally {
    db.close();
  }
}

/** Classes left on a plan. */
export function classesRemaining(dataDir: string, planId: number): number {
  const db = new Database(join(dataDir, 'pilates.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT classes_remaining AS n FROM user_plans WHERE id = ?').get(planId) as { n: number }).n;
  } finally {
    db.close();
  }
}

/**
 * A class of its own that starts in about two hours (studio time), inside any cancellation window
 * of at least that: the server runs on the real clock, so a journey about late bookings makes one.
 * Returns its schedule id, date and 12-hour time; removeClass() takes it away again.
 */
export function addClassSoon(dataDir: string, now = new Date()): { scheduleId: number; date: string; time: string } {
  // About two hours ahead, at :05, :15, … : never the time of a class of the seeded timetable (on
  // the hour or half hour), so the test's row is the only one at that time.
  const start = new Date(Math.ceil((now.getTime() + 2 * 3_600_000) / 600_000) * 600_000 + 300_000);
  const date = studioToday(start, STUDIO_TZ);
  const time24 = studioTimeOfDay(start, STUDIO_TZ);
  const db = new Database(join(dataDir, 'pilates.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const result = db
      .prepare('INSERT INTO schedules (weekday, start_time, capacity) VALUES (?, ?, 8)')
      .run(isoWeekday(date), time24);
    return { scheduleId: Number(result.lastInsertRowid), date, time: to12Hour(time24) };
  } finally {
    db.close();
  }
}

/** Takes a class made by addClassSoon() away with its reservations, leaving the timetable as seeded. */
export function removeClass(dataDir: string, scheduleId: number): void {
  const db = new Database(join(dataDir, 'pilates.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.transaction(() => {
      // Its waitlist too (a journey may have made one), before the class row it points to.
      db.prepare(
        'DELETE FROM waitlist_entries WHERE class_session_id IN (SELECT id FROM class_sessions WHERE schedule_id = ?)',
      ).run(scheduleId);
      db.prepare(
        'DELETE FROM reservations WHERE class_session_id IN (SELECT id FROM class_sessions WHERE schedule_id = ?)',
      ).run(scheduleId);
      db.prepare('DELETE FROM class_sessions WHERE schedule_id = ?').run(scheduleId);
      db.prepare('DELETE FROM schedules WHERE id = ?').run(scheduleId);
    })();
  } finally {
    db.close();
  }
}

/** A class the client took on a past `date` (a seeded Monday–Saturday 7:00/8:00 class), marked attended. */
export function addPastClass(dataDir: string, email: string, planId: number, date: string, time24 = '08:00'): void {
  const db = new Database(join(dataDir, 'pilates.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number };
    const schedule = db
      .prepare('SELECT id FROM schedules WHERE weekday = ? AND start_time = ?')
      .get(isoWeekday(date), time24) as { id: number };
    db.transaction(() => {
      db.prepare(
        `INSERT INTO class_sessions (schedule_id, date, start_time, capacity, reserved_count) VALUES (?, ?, ?, 8, 1)
         ON CONFLICT (schedule_id, date) DO UPDATE SET reserved_count = reserved_count + 1`,
      ).run(schedule.id, date, time24);
      const session = db
        .prepare('SELECT id FROM class_sessions WHERE schedule_id = ? AND date = ?')
        .get(schedule.id, date) as { id: number };
      db.prepare(
        `INSERT INTO reservations (class_session_id, user_id, user_plan_id, status, active_marker, class_date, attended)
         VALUES (?, ?, ?, 'active', 1, ?, 1)`,
      ).run(session.id, user.id, planId, date);
      // The client's stored attendance counter, which the app keeps with every mark.
      db.prepare('UPDATE users SET attended_count = attended_count + 1 WHERE id = ?').run(user.id);
    })();
  } finally {
    db.close();
  }
}

/** Sets how many places a timetable class offers (before its first booking creates the class row). */
export function setCapacity(dataDir: string, scheduleId: number, capacity: number): void {
  const db = new Database(join(dataDir, 'pilates.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('UPDATE schedules SET capacity = ? WHERE id = ?').run(capacity, scheduleId);
  } finally {
    db.close();
  }
}

/**
 * Takes the published terms out again (and their acceptances), so the other journeys' clients book
 * without new terms to accept: for the files that publish some.
 */
export function unpublishTerms(dataDir: string): void {
  const db = new Database(join(dataDir, 'pilates.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare("DELETE FROM legal_consents WHERE kind = 'terminos'").run();
    db.prepare("DELETE FROM legal_documents WHERE kind = 'terminos'").run();
  } finally {
    db.close();
  }
}
