import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FixedClock } from '../src/core/clock/clock';
import { SQLITE_ANALYSIS_LIMIT, SqliteStatistics } from '../src/core/database/sqlite-statistics';
import { registerUser } from './helpers/accounts';
import { adminAgent, NOW, TODAY } from './helpers/booking';
import { seedHistory } from './helpers/history-seed';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * SQLite keeps no statistics by itself: the server runs PRAGMA optimize when its connection opens
 * (after the migrations, before the first request) and every hour. MySQL/MariaDB keep their own,
 * so this file runs on SQLite only (jest.config.js leaves it out of the MySQL run).
 */
describe('SQLite planner statistics (PRAGMA optimize)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pilates-stats-'));
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const analyzed = async (app: TestApp): Promise<Map<string, number>> => {
    const exists: unknown[] = await app.dataSource.query(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat1'",
    );
    if (exists.length === 0) return new Map();
    const rows: { tbl: string; stat: string }[] = await app.dataSource.query('SELECT tbl, stat FROM sqlite_stat1');
    // The first number of each row is the table's size when it was analyzed.
    return new Map(rows.map((row) => [row.tbl, Number(row.stat.split(' ')[0])]));
  };

  it('should analyze a database that holds a history when the server starts, with ANALYZE reading a sample', async () => {
    const first = await createTestApp({ dataDir, clock: new FixedClock(NOW) });
    const client = await registerUser(first, { email: 'estadisticas@example.com' });
    await seedHistory(first, { today: TODAY, weeks: 20, clients: 120, weeklyClientId: client.user.id, seed: 3 });
    const tables = ['reservations', 'class_sessions', 'user_plans', 'payments', 'users', 'audit_log'];
    // Empty when the first server opened the database: nothing about them yet.
    const unknown = await analyzed(first);
    expect(tables.filter((table) => unknown.has(table))).toEqual([]);
    await first.close();

    t = await createTestApp({ dataDir, clock: new FixedClock(NOW) });
    const stats = await analyzed(t);
    for (const table of tables) expect([table, (stats.get(table) ?? 0) > 0]).toEqual([table, true]);
    // The bound that keeps an ANALYZE of years of rows to milliseconds on the one connection.
    const [limit] = (await t.dataSource.query('PRAGMA analysis_limit')) as { analysis_limit: number }[];
    expect(limit.analysis_limit).toBe(SQLITE_ANALYSIS_LIMIT);
  });

  // SQLite judges a table's growth from its b-tree's size estimate: twenty times the rows, and more.
  it('should refresh the statistics of a table that grew tenfold from the hourly job', async () => {
    const app = t!;
    const before = (await analyzed(app)).get('waitlist_entries') ?? 0;
    const [session] = (await app.dataSource.query('SELECT id FROM class_sessions ORDER BY id LIMIT 1')) as {
      id: number;
    }[];
    const [user] = (await app.dataSource.query("SELECT id FROM users WHERE role = 'user' ORDER BY id LIMIT 1")) as {
      id: number;
    }[];
    const rows = Array.from({ length: 2000 + before * 20 }, () => '(?, ?, ?, NULL, ?)').join(', ');
    const params = Array.from({ length: 2000 + before * 20 }, () => [
      session.id,
      user.id,
      'left',
      '2026-01-01 12:00:00',
    ]).flat();
    await app.dataSource.query(
      `INSERT INTO waitlist_entries (class_session_id, user_id, status, waiting_marker, created_at) VALUES ${rows}`,
      params,
    );
    // The job looks at the tables the app's statements use: the dashboard reads waitlist_entries.
    const admin = await adminAgent(app);
    await admin.post('/api/admin/dashboard').send({ from: TODAY, to: TODAY }).expect(200);
    await app.app.get(SqliteStatistics).refresh();
    expect((await analyzed(app)).get('waitlist_entries') ?? 0).toBeGreaterThan(before);
  });
});
