import { DataSource } from 'typeorm';
import { migrations } from '../src/database/migrations';
import { createTestApp, TestApp } from './helpers/test-app';

const TABLES = [
  'audit_log',
  'class_sessions',
  'login_failures',
  'password_reset_tokens',
  'payments',
  'plans',
  'sessions',
  'reservations',
  'schedules',
  'user_plans',
  'users',
];

const tableNames = async (dataSource: DataSource): Promise<string[]> => {
  const rows: { name: string }[] =
    dataSource.options.type === 'mysql'
      ? await dataSource.query(
          'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()',
        )
      : await dataSource.query("SELECT name FROM sqlite_master WHERE type = 'table'");
  return rows.map((r) => r.name).filter((n) => !n.startsWith('sqlite_'));
};

describe('database schema (migrations)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const insertUser = (email: string) =>
    t.dataSource.query(
      "INSERT INTO users (name, email, password_hash, birth_date, role) VALUES ('Ana', ?, 'x', '1990-05-01', 'user')",
      [email],
    );
  const idOf = async (sql: string, params: unknown[] = []): Promise<number> => {
    const rows: { id: number }[] = await t.dataSource.query(sql, params);
    return Number(rows[0].id);
  };

  it('should build every table of the data model from migrations', async () => {
    const names = await tableNames(t.dataSource);
    expect(names).toEqual(expect.arrayContaining([...TABLES, 'migrations']));
    const ran: { name: string }[] = await t.dataSource.query('SELECT name FROM migrations');
    expect(ran.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
  });

  it('should refuse a second user with the same email', async () => {
    await insertUser('unica@example.com');
    await expect(insertUser('unica@example.com')).rejects.toThrow();
  });

  describe('with a user, a plan and a class', () => {
    let userId: number;
    let userPlanId: number;
    let classId: number;

    beforeAll(async () => {
      await insertUser('clienta@example.com');
      userId = await idOf("SELECT id FROM users WHERE email = 'clienta@example.com'");
      await t.dataSource.query(
        "INSERT INTO user_plans (user_id, plan_name, classes_total, classes_remaining, start_date, end_date) VALUES (?, 'Cuatro Clases', 4, 4, '2026-01-01', '2026-01-31')",
        [userId],
      );
      userPlanId = await idOf('SELECT id FROM user_plans WHERE user_id = ?', [userId]);
      const scheduleId = await idOf('SELECT id FROM schedules ORDER BY id LIMIT 1');
      await t.dataSource.query(
        "INSERT INTO class_sessions (schedule_id, date, start_time, capacity) VALUES (?, '2026-01-05', '07:00', 8)",
        [scheduleId],
      );
      classId = await idOf('SELECT id FROM class_sessions WHERE schedule_id = ?', [scheduleId]);
    });

    const reserve = () =>
      t.dataSource.query('INSERT INTO reservations (class_session_id, user_id, user_plan_id) VALUES (?, ?, ?)', [
        classId,
        userId,
        userPlanId,
      ]);

    it('should allow one active reservation per class and user, and a new one after cancelling', async () => {
      await reserve();
      await expect(reserve()).rejects.toThrow();
      await t.dataSource.query(
        "UPDATE reservations SET status = 'cancelled', active_marker = NULL WHERE class_session_id = ? AND user_id = ?",
        [classId, userId],
      );
      await expect(reserve()).resolves.toBeDefined();
    });

    it("should give reservations forgiven before forgive_returned existed their audit entry's outcome", async () => {
      const forgiven = async (returned: boolean) => {
        await t.dataSource.query(
          `INSERT INTO reservations (class_session_id, user_id, user_plan_id, status, active_marker, cancelled_at,
             late_released_at, forgiven_at, forgiven_by, forgive_reason)
           VALUES (?, ?, ?, 'cancelled', NULL, '2026-01-05 06:00:00', '2026-01-05 06:00:00', '2026-01-06 10:00:00', ?, 'Enferma')`,
          [classId, userId, userPlanId, userId],
        );
        const id = await idOf('SELECT MAX(id) AS id FROM reservations');
        await t.dataSource.query(
          `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, subject_user_id, \`after\`)
           VALUES (?, 'reservation.forgive', 'reservation', ?, ?, ?)`,
          [
            userId,
            String(id),
            userId,
            JSON.stringify({ forgiven: 'late_release', reason: 'Enferma', classReturned: returned }),
          ],
        );
        return id;
      };
      const [gaveBack, kept] = [await forgiven(true), await forgiven(false)];
      // ForgiveReturned and every migration after it undone (their down steps too), then all run again.
      const at = migrations.findIndex((migration) => migration.name === 'ForgiveReturned1764933000000');
      expect(at).toBeGreaterThanOrEqual(0);
      for (let undo = migrations.length - at; undo > 0; undo--) await t.dataSource.undoLastMigration();
      await t.dataSource.runMigrations();
      const rows: { id: number; returned: unknown }[] = await t.dataSource.query(
        'SELECT id, forgive_returned AS returned FROM reservations WHERE id IN (?, ?) ORDER BY id',
        [gaveBack, kept],
      );
      expect(rows.map((r) => [Number(r.id), Number(r.returned)])).toEqual([
        [gaveBack, 1],
        [kept, 0],
      ]);
    });

    it('should refuse a negative classes_remaining', async () => {
      await expect(
        t.dataSource.query('UPDATE user_plans SET classes_remaining = -1 WHERE id = ?', [userPlanId]),
      ).rejects.toThrow();
    });

    it('should refuse more reservations counted than the class capacity', async () => {
      await expect(
        t.dataSource.query('UPDATE class_sessions SET reserved_count = 9 WHERE id = ?', [classId]),
      ).rejects.toThrow();
      await expect(
        t.dataSource.query('UPDATE class_sessions SET reserved_count = -1 WHERE id = ?', [classId]),
      ).rejects.toThrow();
    });

    it('should refuse a plan that ends before it starts', async () => {
      await expect(
        t.dataSource.query("UPDATE user_plans SET end_date = '2025-12-31' WHERE id = ?", [userPlanId]),
      ).rejects.toThrow();
    });

    it('should refuse a reservation for a user that does not exist (foreign key)', async () => {
      await expect(
        t.dataSource.query('INSERT INTO reservations (class_session_id, user_id, user_plan_id) VALUES (?, 999999, ?)', [
          classId,
          userPlanId,
        ]),
      ).rejects.toThrow();
    });

    it('should refuse a Mercado Pago payment id used twice', async () => {
      const planId = await idOf('SELECT id FROM plans ORDER BY id LIMIT 1');
      const insertPayment = () =>
        t.dataSource.query(
          "INSERT INTO payments (user_id, plan_id, plan_name, class_count, price_cents, commission_cents, total_cents, provider_payment_id) VALUES (?, ?, 'Una Clase', 1, 22000, 900, 22900, 'mp-123')",
          [userId, planId],
        );
      await insertPayment();
      await expect(insertPayment()).rejects.toThrow();
    });

    it('should refuse a payment whose total is not price plus commission', async () => {
      const planId = await idOf('SELECT id FROM plans ORDER BY id LIMIT 1');
      await expect(
        t.dataSource.query(
          "INSERT INTO payments (user_id, plan_id, plan_name, class_count, price_cents, commission_cents, total_cents) VALUES (?, ?, 'Una Clase', 1, 22000, 900, 100)",
          [userId, planId],
        ),
      ).rejects.toThrow();
    });
  });

  it('should undo and redo the schema with its down and up migrations', async () => {
    for (let i = 0; i < migrations.length; i++) await t.dataSource.undoLastMigration();
    expect(await tableNames(t.dataSource)).toEqual(['migrations']);
    await t.dataSource.runMigrations();
    expect(await tableNames(t.dataSource)).toEqual(expect.arrayContaining(TABLES));
  });
});
