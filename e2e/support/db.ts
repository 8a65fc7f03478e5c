import Database from 'better-sqlite3';
import { join } from 'node:path';

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
