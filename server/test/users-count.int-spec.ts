import { addDays } from '@pilates/dates';
import { FixedClock } from '../src/core/clock/clock';
import { UsersCount1764875000000 } from '../src/database/migrations/1764875000000-UsersCount';
import { registerUser } from './helpers/accounts';
import { adminAgent, NOW, scheduleAt, TODAY } from './helpers/booking';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Usuarios' first page reads its total from row_counts, which every way a user comes in keeps in
 * step, in the transaction that inserts the user, also when many come in at once.
 */

let t: TestApp;
let admin: ReturnType<TestApp['agent']>;

const newUserBody = (i: number) => ({
  name: `Cliente Conteo ${i}`,
  email: `conteo${i}@example.com`,
  cumpleanos: '1988-02-14',
  password: 'clave-segura-1',
  confirmPassword: 'clave-segura-1',
});

/** The total Usuarios' first page shows, and the rows users really holds. */
async function totals(): Promise<{ shown: number; rows: number }> {
  const res = await admin.post('/api/informacion/get-users').send({ pagination: 1 }).expect(200);
  const [{ n }]: { n: number | string }[] = await t.dataSource.query('SELECT COUNT(*) AS n FROM users');
  return { shown: res.body.pagination.totalRecords, rows: Number(n) };
}

describe('the stored number of users', () => {
  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(NOW) });
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  it('should count every way in: registration, an admin adding a client, a walk-in', async () => {
    const before = await totals();
    expect(before.shown).toBe(before.rows);
    await registerUser(t, { name: 'Registro Propio', email: 'registro.propio@example.com' });
    await admin.post('/api/admin/add-user').send(newUserBody(0)).expect(201);
    const schedule = await scheduleAt(t, 2, '09:00');
    await admin
      .post('/api/admin/walk-in')
      .send({
        date: addDays(TODAY, 1),
        classReservation: schedule.id,
        name: 'Clienta De Puerta',
        email: 'puerta.conteo@example.com',
        cumpleanos: '1992-03-04',
      })
      .expect(201);
    // A refused registration (the email is taken) counts nobody.
    await t.agent().post('/api/auth/register').send({
      name: 'Repetida',
      email: 'registro.propio@example.com',
      cumpleanos: '1990-05-17',
      password: 'clave-segura-1',
      confirmPassword: 'clave-segura-1',
      terms: true,
    });
    const after = await totals();
    expect(after).toEqual({ shown: before.rows + 3, rows: before.rows + 3 });
  });

  it('should stay exact when many clients are added at once', async () => {
    const before = await totals();
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => admin.post('/api/admin/add-user').send(newUserBody(100 + i))),
    );
    expect(answers.map((res) => res.status)).toEqual(Array.from({ length: 16 }, () => 201));
    expect(await totals()).toEqual({ shown: before.rows + 16, rows: before.rows + 16 });
  });

  it('should be set from the users already there when the migration runs', async () => {
    await t.dataSource.query(
      "INSERT INTO users (name, email, password_hash, birth_date, role) VALUES ('A Mano', 'a.mano@example.com', 'x', '1990-01-01', 'user')",
    );
    const stale = await totals();
    expect(stale.shown).toBe(stale.rows - 1);
    const migration = new UsersCount1764875000000();
    const runner = t.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const fresh = await totals();
    expect(fresh.shown).toBe(fresh.rows);
  });
});
