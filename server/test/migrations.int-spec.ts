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
      // Back to before forgive_returned (undoing the migrations after it too), then forward again.
      const forgiveAt = migrations.findIndex((m) => m.name === 'ForgiveReturned1764933000000');
      expect(forgiveAt).toBeGreaterThan(0);
      for (let i = migrations.length - 1; i >= forgiveAt; i--) await t.dataSource.undoLastMigration();
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

  it('should turn the free-text instructor names into one profile per name, whatever their capitals and spaces', async () => {
    // Back to before instructors (and the migrations after it), with names typed by hand, then forward again.
    const instructorsAt = migrations.findIndex((migration) => migration.name === 'Instructors1764955000000');
    expect(instructorsAt).toBeGreaterThan(0);
    for (let i = migrations.length - 1; i >= instructorsAt; i--) await t.dataSource.undoLastMigration();
    const written = ['Ana López', '  ana   lópez ', 'ANA LÓPEZ', 'Luis', '   ', null];
    const scheduleIds: number[] = [];
    for (const [i, instructor] of written.entries()) {
      await t.dataSource.query(
        'INSERT INTO schedules (weekday, start_time, capacity, instructor, active) VALUES (7, ?, 8, ?, 1)',
        [`0${i}:15`, instructor],
      );
      scheduleIds.push(await idOf('SELECT MAX(id) AS id FROM schedules'));
    }
    // A class row keeps the name it was booked with: "luis " is Luis; "Marta" taught only that class.
    for (const [date, instructor] of [
      ['2026-02-01', 'luis '],
      ['2026-02-08', 'Marta'],
    ]) {
      await t.dataSource.query(
        "INSERT INTO class_sessions (schedule_id, date, start_time, capacity, instructor) VALUES (?, ?, '03:15', 8, ?)",
        [scheduleIds[3], date, instructor],
      );
    }
    await t.dataSource.runMigrations();

    const profiles: { id: number; name: string; slug: string; userId: unknown; active: unknown }[] =
      await t.dataSource.query(
        'SELECT id, name, slug, user_id AS userId, active FROM instructors ORDER BY sort_order, id',
      );
    expect(profiles.map((p) => [p.name, p.slug, p.userId, Number(p.active)])).toEqual([
      ['Ana López', 'ana-lopez', null, 1],
      ['Luis', 'luis', null, 1],
      ['Marta', 'marta', null, 1],
    ]);
    const [ana, luis, marta] = profiles.map((p) => Number(p.id));
    const schedules: { instructorId: unknown; instructor: string | null }[] = await t.dataSource.query(
      `SELECT instructor_id AS instructorId, instructor FROM schedules WHERE id IN (${scheduleIds.join(', ')}) ORDER BY id`,
    );
    expect(schedules.map((s) => [s.instructorId === null ? null : Number(s.instructorId), s.instructor])).toEqual([
      [ana, 'Ana López'],
      [ana, 'Ana López'],
      [ana, 'Ana López'],
      [luis, 'Luis'],
      [null, null],
      [null, null],
    ]);
    const classes: { instructorId: unknown; instructor: string }[] = await t.dataSource.query(
      'SELECT instructor_id AS instructorId, instructor FROM class_sessions WHERE schedule_id = ? ORDER BY date',
      [scheduleIds[3]],
    );
    expect(classes.map((c) => [Number(c.instructorId), c.instructor])).toEqual([
      [luis, 'Luis'],
      [marta, 'Marta'],
    ]);
    // The role the migration allows.
    await insertUser('instructora@example.com');
    await t.dataSource.query("UPDATE users SET role = 'instructor' WHERE email = 'instructora@example.com'");
    await expect(
      t.dataSource.query("UPDATE users SET role = 'owner' WHERE email = 'instructora@example.com'"),
    ).rejects.toThrow();
  });

  it('should undo and redo the schema with its down and up migrations', async () => {
    for (let i = 0; i < migrations.length; i++) await t.dataSource.undoLastMigration();
    expect(await tableNames(t.dataSource)).toEqual(['migrations']);
    await t.dataSource.runMigrations();
    expect(await tableNames(t.dataSource)).toEqual(expect.arrayContaining(TABLES));
  });
});
