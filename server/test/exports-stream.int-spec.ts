import { addDays } from '@pilates/dates';
import type TestAgent from 'supertest/lib/agent';
import { DashboardRepository } from '../src/admin/dashboard.repository';
import { FixedClock } from '../src/core/clock/clock';
import { registerUser } from './helpers/accounts';
import { adminAgent, NOW, TODAY } from './helpers/booking';
import { seedHistory } from './helpers/history-seed';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * A year's CSV export streams: the period is read a week at a time (the clients, 500 at a time),
 * each week written out before the next is read, so the server holds a week's rows whatever the
 * period. The file is the same as one read whole: every row once, in order.
 */
describe('CSV exports of a year stream a week at a time', () => {
  let t: TestApp;
  let admin: TestAgent;
  const from = addDays(TODAY, -364);

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(NOW) });
    const client = await registerUser(t, { email: 'exporta@example.com' });
    await seedHistory(t, { today: TODAY, weeks: 56, clients: 150, weeklyClientId: client.user.id, seed: 11 });
    admin = await adminAgent(t);
  }, 300_000);
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  const download = async (kind: string): Promise<string[][]> => {
    const res = await admin
      .get(`/api/admin/export/${kind}.csv?from=${from}&to=${TODAY}`)
      .buffer(true)
      .parse((stream, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    return (res.body as Buffer)
      .toString('utf8')
      .slice(1)
      .split('\r\n')
      .filter((line) => line.length > 0)
      .map((line) => line.split(','));
  };

  it.each([
    ['reservations', 'exportReservations'],
    ['payments', 'exportPayments'],
    ['plans', 'exportPlansGiven'],
  ] as const)('should read the %s of a year a week at a time and write each row once, in order', async (kind, read) => {
    const spy = jest.spyOn(DashboardRepository.prototype, read);
    const rows = await download(kind);
    const windows = spy.mock.calls.map(([window]) => window);
    spy.mockRestore();
    // 365 days: 52 weeks and a day.
    expect(windows).toHaveLength(53);
    for (const window of windows) expect(window.to <= addDays(window.from, 6)).toBe(true);
    expect(windows[0].from).toBe(from);
    expect(windows.at(-1)!.to).toBe(TODAY);
    const folios = rows.slice(1).map((row) => Number(row[0]));
    expect(folios.length).toBeGreaterThan(50);
    expect(new Set(folios).size).toBe(folios.length);
  });

  it('should list the reservations of the year as the database holds them', async () => {
    const rows = await download('reservations');
    const [{ n }] = (await t.dataSource.query(
      'SELECT COUNT(*) AS n FROM reservations r JOIN class_sessions c ON c.id = r.class_session_id WHERE c.date >= ? AND c.date <= ?',
      [from, TODAY],
    )) as { n: number | string }[];
    expect(rows.length - 1).toBe(Number(n));
    // Class dates in order (dd/mm/aaaa → aaaa-mm-dd).
    const dates = rows.slice(1).map((row) => row[1].split('/').reverse().join('-'));
    expect(dates).toEqual([...dates].sort());
  });

  it('should read the clients a batch at a time, each client once', async () => {
    const spy = jest.spyOn(DashboardRepository.prototype, 'clientsForExport');
    const rows = await download('clients');
    const calls = spy.mock.calls.length;
    spy.mockRestore();
    // Clients with an account by the studio's midnight after the period (Mexico City, UTC-6).
    const [{ n }] = (await t.dataSource.query(
      "SELECT COUNT(*) AS n FROM users WHERE role = 'user' AND created_at < ?",
      [`${addDays(TODAY, 1)} 06:00:00`],
    )) as { n: number | string }[];
    expect(rows.length - 1).toBe(Number(n));
    expect(calls).toBe(Math.floor(Number(n) / 500) + 1);
    const ids = rows.slice(1).map((row) => Number(row[0]));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
