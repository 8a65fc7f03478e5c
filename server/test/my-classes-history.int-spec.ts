import { addDays, isoWeekday } from '@pilates/dates';
import { FixedClock } from '../src/core/clock/clock';
import { registerUser } from './helpers/accounts';
import { NOW, TODAY } from './helpers/booking';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * "Mis clases" of a client with a long history reads its pages from the index of class dates
 * (ix_reservations_user_class): every page must list exactly what sorting all the client's
 * reservations lists — upcoming first, soonest first; then past ones, latest first — across page
 * boundaries, on days with two classes, with today's classes split at the studio's time of day,
 * and the same when a reservation lacks its copied class date (the sorting fallback).
 */
describe('Mis clases over a long history (get-clases)', () => {
  let t: TestApp;
  let agent: Awaited<ReturnType<typeof registerUser>>['agent'];
  let userId: number;
  /** Every active reservation written: id, class date and time. */
  const booked: { id: number; date: string; time: string }[] = [];

  beforeAll(async () => {
    // Monday 2026-11-23, 06:00 in the studio.
    t = await createTestApp({ clock: new FixedClock(NOW) });
    const client = await registerUser(t, { email: 'historia@example.com' });
    agent = client.agent;
    userId = client.user.id;
    const ds = t.dataSource;
    // Classes at 05:00 and 05:30 on Mondays: today's have started at 06:00, today's 07:00 has not.
    await ds.query("INSERT INTO schedules (weekday, start_time, capacity) VALUES (1, '05:00', 8), (1, '05:30', 8)");
    await ds.query(
      "INSERT INTO user_plans (user_id, plan_name, classes_total, classes_remaining, start_date, end_date, is_paid, source) VALUES (?, 'Historia', 500, 100, '2024-01-01', '2027-01-01', 1, 'admin')",
      [userId],
    );
    const [plan] = (await ds.query('SELECT id FROM user_plans WHERE user_id = ?', [userId])) as { id: number }[];
    const schedules = (await ds.query('SELECT id, weekday, start_time AS time FROM schedules WHERE active = 1')) as {
      id: number;
      weekday: number;
      time: string;
    }[];
    // Forty weeks back and one ahead: on Mondays the 05:00, 05:30 and 19:00 classes, on Wednesdays 07:00,
    // and a cancelled reservation now and then (never listed).
    for (let offset = -280; offset <= 7; offset++) {
      const date = addDays(TODAY, offset);
      const wanted =
        isoWeekday(date) === 1
          ? ['05:00', '05:30', '19:00']
          : isoWeekday(date) === 3 && offset % 14 !== 0
            ? ['07:00']
            : [];
      for (const time of wanted) {
        const schedule = schedules.find((s) => Number(s.weekday) === isoWeekday(date) && s.time === time)!;
        await ds.query(
          'INSERT INTO class_sessions (schedule_id, date, start_time, capacity, reserved_count) VALUES (?, ?, ?, 8, 1)',
          [schedule.id, date, time],
        );
        const [session] = (await ds.query('SELECT id FROM class_sessions WHERE schedule_id = ? AND date = ?', [
          schedule.id,
          date,
        ])) as { id: number }[];
        const cancelled = offset % 9 === 4;
        await ds.query(
          'INSERT INTO reservations (class_session_id, user_id, user_plan_id, status, active_marker, class_date) VALUES (?, ?, ?, ?, ?, ?)',
          [session.id, userId, plan.id, cancelled ? 'cancelled' : 'active', cancelled ? null : 1, date],
        );
        if (cancelled) continue;
        const [row] = (await ds.query(
          "SELECT id FROM reservations WHERE class_session_id = ? AND user_id = ? AND status = 'active'",
          [session.id, userId],
        )) as { id: number }[];
        booked.push({ id: Number(row.id), date, time });
      }
    }
  }, 300_000);
  afterAll(() => t.close());

  /** What sorting every reservation gives: upcoming soonest first, then past latest first. */
  const expectedOrder = (): number[] => {
    const upcoming = (b: { date: string; time: string }) => b.date > TODAY || (b.date === TODAY && b.time > '06:00');
    const soonest = [...booked]
      .filter(upcoming)
      .sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || a.id - b.id);
    const latest = [...booked]
      .filter((b) => !upcoming(b))
      .sort((a, b) => b.date.localeCompare(a.date) || b.time.localeCompare(a.time) || b.id - a.id);
    return [...soonest, ...latest].map((b) => b.id);
  };

  const allPages = async (
    limit: number,
    periodo?: 'proximas' | 'pasadas',
  ): Promise<{ ids: number[]; totals: number[] }> => {
    const ids: number[] = [];
    const totals: number[] = [];
    for (let page = 1; ; page++) {
      const res = await agent
        .post('/api/informacion/get-clases')
        .send({ pagination: page, limit, ...(periodo ? { periodo } : {}) })
        .expect(200);
      totals.push(res.body.pagination.totalRecords);
      ids.push(...(res.body.clases as { id: number }[]).map((c) => c.id));
      if (res.body.clases.length < limit) return { ids, totals };
    }
  };

  it('should list every page as sorting all the reservations does, with the total on each page', async () => {
    expect(booked.length).toBeGreaterThan(100);
    const expected = expectedOrder();
    for (const limit of [7, 10, 50]) {
      const { ids, totals } = await allPages(limit);
      expect(ids).toEqual(expected);
      expect(new Set(totals)).toEqual(new Set([expected.length]));
    }
    // Today's 19:00 class comes first; today's started ones are the first past ones, the latest first.
    const first = await agent.post('/api/informacion/get-clases').send({ pagination: 1, limit: 3 }).expect(200);
    expect(first.body.clases.map((c: { date: string; time: string }) => `${c.date} ${c.time}`)).toEqual([
      `${TODAY} 7:00 PM`,
      `${addDays(TODAY, 2)} 7:00 AM`,
      `${addDays(TODAY, 7)} 5:00 AM`,
    ]);
    const upcoming = booked.filter((b) => b.date > TODAY || (b.date === TODAY && b.time > '06:00')).length;
    const past = await agent.post('/api/informacion/get-clases').send({ pagination: 2, limit: upcoming }).expect(200);
    expect(past.body.clases.slice(0, 2).map((c: { date: string; time: string }) => `${c.date} ${c.time}`)).toEqual([
      `${TODAY} 5:30 AM`,
      `${TODAY} 5:00 AM`,
    ]);
  });

  /** Upcoming ("Próximas") and past ("Pasadas") apart, each paged on its own, as "Mis clases" shows them. */
  const expectPeriods = async (limit: number) => {
    const expected = expectedOrder();
    const upcoming = booked.filter((b) => b.date > TODAY || (b.date === TODAY && b.time > '06:00')).length;
    const next = await allPages(limit, 'proximas');
    expect(next.ids).toEqual(expected.slice(0, upcoming));
    expect(new Set(next.totals)).toEqual(new Set([upcoming]));
    const past = await allPages(limit, 'pasadas');
    expect(past.ids).toEqual(expected.slice(upcoming));
    expect(new Set(past.totals)).toEqual(new Set([expected.length - upcoming]));
  };

  it('should page the upcoming and the past classes apart, each in its order, with its own total', async () => {
    for (const limit of [2, 10, 50]) await expectPeriods(limit);
    const first = await agent.post('/api/informacion/get-clases').send({ periodo: 'pasadas', limit: 2 }).expect(200);
    expect(first.body.clases).toEqual([
      expect.objectContaining({ date: TODAY, time: '5:30 AM', isPast: true, cancellable: false }),
      expect.objectContaining({ date: TODAY, time: '5:00 AM', isPast: true }),
    ]);
    const bad = await agent.post('/api/informacion/get-clases').send({ periodo: 'ayer' }).expect(400);
    expect(JSON.stringify(bad.body)).toContain('El periodo debe ser');
  });

  it('should give the same pages when a reservation lacks its class date (written around the app)', async () => {
    const oldest = booked.reduce((a, b) => (a.date < b.date ? a : b));
    await t.dataSource.query('UPDATE reservations SET class_date = NULL WHERE id = ?', [oldest.id]);
    const { ids } = await allPages(10);
    expect(ids).toEqual(expectedOrder());
    await expectPeriods(10);
  });
});
