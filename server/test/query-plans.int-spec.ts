import { addDays } from '@pilates/dates';
import type TestAgent from 'supertest/lib/agent';
import { FixedClock } from '../src/core/clock/clock';
import { DirectReader } from '../src/core/database/direct-reader';
import { optimizeSqlite } from '../src/core/database/sqlite-statistics';
import { NoShowsService } from '../src/reservations/no-shows.service';
import { ReservationsRepository } from '../src/reservations/reservations.repository';
import { registerUser } from './helpers/accounts';
import { adminAgent, NOW, TODAY } from './helpers/booking';
import { seedHistory, type HistorySeed } from './helpers/history-seed';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The query plans of the hot reads, on a studio with a year and a half of history: each read's
 * statements are recorded as the app runs them (TypeORM's and the direct driver reads), then each
 * SELECT is explained on the same database. A read must reach the indexes named below, and no
 * statement may scan a table that grows with the studio's history unless that read's answer is
 * the whole table (a users search under 3 characters, the clients export). On SQLite the plans are checked twice:
 * with no statistics (a database the planner knows nothing about) and after ANALYZE (what PRAGMA
 * optimize gives it); on MariaDB after ANALYZE TABLE, as its optimiser would see production.
 */

/** Tables that grow with the studio's history; schedules and the plan catalogue stay small. */
const GROWING = new Set([
  'users',
  'user_search_grams',
  'sessions',
  'user_plans',
  'payments',
  'class_sessions',
  'reservations',
  'waitlist_entries',
  'audit_log',
  'mail_queue',
  'spot_holds',
]);

interface Step {
  /** The real table (aliases resolved from the statement). */
  table: string;
  /**
   * The whole table or index read, not a range of it; not counted when the statement only walks
   * it in its ORDER BY's order to a LIMIT, unfiltered (a newest-first page).
   */
  fullScan: boolean;
  /** The index used: its name, PRIMARY for MySQL's primary key, `rowid` for SQLite's. */
  index: string | null;
  /** The index's columns the lookup or range constrains. */
  parts: string[];
  text: string;
}

/** A table of MariaDB's EXPLAIN FORMAT=JSON. */
interface MysqlTable {
  table_name: string;
  access_type: string;
  key?: string;
  used_key_parts?: string[];
}

/** Every table object of an EXPLAIN FORMAT=JSON tree (nested loops, subqueries, sorts). */
function collectTables(node: unknown, into: MysqlTable[]): void {
  if (Array.isArray(node)) {
    for (const item of node) collectTables(item, into);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const object = node as Record<string, unknown>;
  if (typeof object.table_name === 'string' && typeof object.access_type === 'string') {
    into.push(object as unknown as MysqlTable);
  }
  for (const value of Object.values(object)) collectTables(value, into);
}

interface Statement {
  sql: string;
  params: unknown[];
}

const KEYWORDS = new Set(['where', 'on', 'left', 'inner', 'join', 'cross', 'group', 'order', 'limit', 'as', 'set']);

/** alias → table of a statement's FROM and JOIN clauses (both quoting styles). */
function aliasesOf(sql: string): Map<string, string> {
  const aliases = new Map<string, string>();
  const pattern = /\b(?:FROM|JOIN)\s+[`"]?([a-z_]+)[`"]?(?:\s+(?:AS\s+)?[`"]?([A-Za-z_]\w*)[`"]?)?/gi;
  for (const match of sql.matchAll(pattern)) {
    const table = match[1];
    const alias = match[2] && !KEYWORDS.has(match[2].toLowerCase()) ? match[2] : table;
    aliases.set(alias, table);
    aliases.set(table, table);
  }
  return aliases;
}

describe('query plans of the hot reads (a studio with history)', () => {
  let t: TestApp;
  let admin: TestAgent;
  let client: TestAgent;
  let weeklyId: number;
  let seed: HistorySeed;
  let mysql: boolean;
  const recorded: Statement[] = [];
  let recording = false;

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(NOW) });
    mysql = t.dataSource.options.type === 'mysql';
    const weekly = await registerUser(t, { name: 'Cliente Semanal', email: 'semanal@example.com' });
    client = weekly.agent;
    weeklyId = weekly.user.id;
    seed = await seedHistory(t, { today: TODAY, weeks: 78, clients: 500, weeklyClientId: weekly.user.id, seed: 7 });
    admin = await adminAgent(t);
    if (mysql) {
      for (const table of GROWING) await t.dataSource.query(`ANALYZE TABLE \`${table}\``);
    }
    // Every statement the app runs: TypeORM's (its logger sees each) and the direct driver reads.
    const logger = t.dataSource.logger;
    const logQuery = logger.logQuery.bind(logger);
    logger.logQuery = (query, parameters, runner) => {
      if (recording) recorded.push({ sql: query, params: Array.isArray(parameters) ? parameters : [] });
      return logQuery(query, parameters, runner);
    };
    const all = DirectReader.prototype.all;
    jest.spyOn(DirectReader.prototype, 'all').mockImplementation(function (this: DirectReader, sql, params) {
      if (recording) recorded.push({ sql, params: [...params] });
      return all.call(this, sql, params);
    });
  }, 300_000);
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  /** The plan of one statement, step by step. */
  async function explain(statement: Statement): Promise<Step[]> {
    const aliases = aliasesOf(statement.sql);
    const tableOf = (name: string) => aliases.get(name) ?? name;
    // A page walked in order: LIMIT, no WHERE, and (checked below) no sort.
    const walkToLimit = /\bLIMIT\b/i.test(statement.sql) && !/\bWHERE\b/i.test(statement.sql);
    if (mysql) {
      const [row] = (await t.dataSource.query(`EXPLAIN FORMAT=JSON ${statement.sql}`, statement.params)) as {
        EXPLAIN: string;
      }[];
      const sorted = row.EXPLAIN.includes('"filesort"');
      const tables: MysqlTable[] = [];
      collectTables(JSON.parse(row.EXPLAIN), tables);
      return tables
        .filter((table) => aliases.has(table.table_name))
        .map((table) => ({
          table: tableOf(table.table_name),
          fullScan: (table.access_type === 'ALL' || table.access_type === 'index') && !(walkToLimit && !sorted),
          index: table.key ?? null,
          parts: table.used_key_parts ?? [],
          text: `${table.table_name} ${table.access_type} ${table.key ?? '-'}(${(table.used_key_parts ?? []).join(',')})`,
        }));
    }
    const rows: { detail: string }[] = await t.dataSource.query(
      `EXPLAIN QUERY PLAN ${statement.sql}`,
      statement.params,
    );
    const sorted = rows.some((row) => row.detail.startsWith('USE TEMP B-TREE FOR ORDER BY'));
    const steps: Step[] = [];
    for (const { detail } of rows) {
      const match =
        /^(SEARCH|SCAN) (\S+)(?: USING (?:[A-Z ]*?)(?:INDEX (\S+)|(INTEGER PRIMARY KEY)))?(?: \((.*)\))?/.exec(detail);
      if (!match || !aliases.has(match[2])) continue; // subqueries, co-routines, temp b-trees
      steps.push({
        table: tableOf(match[2]),
        // An automatic index is built by reading the whole table, for every run of the statement.
        fullScan: (match[1] === 'SCAN' && !(walkToLimit && !sorted)) || detail.includes('AUTOMATIC'),
        index: match[3] ?? (match[4] ? 'rowid' : null),
        // "(user_id=? AND status=? AND class_date>?)": the index's columns the search constrains.
        parts: (match[5] ?? '').split(' AND ').map((term) => term.replace(/[<>=].*$/, '')),
        text: detail,
      });
    }
    return steps;
  }

  /** Runs `read` recording its statements; the plans of its SELECTs. */
  async function plansOf(read: () => Promise<unknown>): Promise<Step[][]> {
    recorded.length = 0;
    recording = true;
    try {
      await read();
    } finally {
      recording = false;
    }
    const selects = recorded.filter((s) => /^\s*SELECT/i.test(s.sql) && /\b(FROM)\b/i.test(s.sql));
    expect(selects.length).toBeGreaterThan(0);
    return Promise.all(selects.map((s) => explain(s)));
  }

  /**
   * Each index named must be used by some statement of the read (MySQL's primary key is PRIMARY,
   * SQLite's rowid), and no statement may scan a growing table except those of `wholeTables`.
   */
  function expectPlans(plans: Step[][], indexes: string[], wholeTables: string[] = []): void {
    const steps = plans.flat();
    const described = plans.map((plan) => plan.map((s) => s.text).join(' | ')).join('\n');
    for (const expected of indexes) {
      // `index:column`: the index, constraining that column (a range or lookup on it, not only before it).
      const [index, column] = expected.split(':');
      const wanted =
        index === 'PRIMARY'
          ? mysql
            ? 'PRIMARY'
            : 'rowid'
          : index === 'SESSION_KEY'
            ? mysql
              ? 'PRIMARY'
              : 'sqlite_autoindex_sessions_1'
            : index === 'SEARCH_GRAMS_KEY'
              ? mysql
                ? 'PRIMARY'
                : 'sqlite_autoindex_user_search_grams_1'
              : index;
      if (!steps.some((s) => s.index === wanted && (column === undefined || s.parts.includes(column)))) {
        throw new Error(`no statement uses ${expected}:\n${described}`);
      }
    }
    const scans = steps.filter((s) => s.fullScan && GROWING.has(s.table) && !wholeTables.includes(s.table));
    if (scans.length > 0) {
      throw new Error(`full scans of ${scans.map((s) => s.table).join(', ')}:\n${described}`);
    }
  }

  const year = () => ({ from: addDays(TODAY, -364), to: TODAY });

  const reads: Array<{ name: string; read: () => Promise<unknown>; indexes: string[]; wholeTables?: string[] }> = [
    {
      name: 'the day view of a guest',
      read: () => t.agent().post('/api/reservations/get-information').send({ date: seed.tuesday }).expect(200),
      // The date's live checkout holds: one range of their index, not the table.
      indexes: ['ix_schedules_weekday', 'uq_class_sessions_schedule_date', 'ix_spot_holds_date:date'],
    },
    {
      name: "the day view of a client with a weekly booking (the caller's place in each class, not all of theirs)",
      read: () => client.post('/api/reservations/get-information').send({ date: seed.tuesday }).expect(200),
      indexes: ['uq_class_sessions_schedule_date', 'uq_reservations_active:active_marker'],
    },
    {
      name: "the day view of an admin and the day's roster",
      read: async () => {
        await admin.post('/api/reservations/get-information').send({ date: seed.tuesday }).expect(200);
        await admin.post('/api/reservations/get-information-clases').send({ date: seed.tuesday }).expect(200);
      },
      indexes: ['uq_class_sessions_schedule_date', 'ix_reservations_session_attendance_user'],
    },
    {
      name: "a client's Mis clases, first page and a later one, with its totals",
      read: async () => {
        const first = await client.post('/api/informacion/get-clases').send({ pagination: 1 }).expect(200);
        expect(first.body.clases).toHaveLength(10);
        await client.post('/api/informacion/get-clases').send({ pagination: 4 }).expect(200);
        // "Mis clases" as shown: the upcoming ones, then the past ones apart.
        await client.post('/api/informacion/get-clases').send({ periodo: 'proximas' }).expect(200);
        const past = await client.post('/api/informacion/get-clases').send({ periodo: 'pasadas' }).expect(200);
        expect(past.body.clases).toHaveLength(10);
      },
      indexes: ['ix_reservations_user_class:class_date', 'PRIMARY'],
    },
    {
      name: "a client's plans (Mis planes and the booking page) and recent purchases",
      read: async () => {
        await client.post('/api/informacion/get-planes').send({ pagination: 1 }).expect(200);
        const open = await client.get('/api/mercadopago/purchases').expect(200);
        expect(open.body.purchases).toHaveLength(1);
      },
      indexes: ['ix_user_plans_user', 'ix_payments_user_created:created_at'],
    },
    {
      name: "a client's calendar feed (the coming classes, not every class taken)",
      read: async () => {
        const { url } = (await client.post('/api/informacion/calendar-feed').expect(200)).body as { url: string };
        await t.http().get(new URL(url).pathname).expect(200);
      },
      indexes: ['ix_reservations_user_class:class_date'],
    },
    {
      name: "an admin's list of a client's payments",
      read: () => admin.post('/api/admin/get-purchases').send({ userId: seed.buyerId }).expect(200),
      indexes: ['ix_payments_user'],
    },
    {
      name: 'the users list, first page',
      read: () => admin.post('/api/informacion/get-users').send({ pagination: 1 }).expect(200),
      // Newest first: users walked backwards to the page's 10 (the plan names a scan, which the LIMIT
      // ends); the total is kept, not counted; their attendance counts read by key, not their history.
      indexes: ['PRIMARY'],
      wholeTables: ['users'],
    },
    {
      name: 'the users search',
      read: async () => {
        const found = await admin.post('/api/informacion/get-users').send({ search: 'semanal' }).expect(200);
        expect(found.body.pagination.totalRecords).toBe(1);
      },
      // The users holding every gram of the term, from the grams' primary key, then those users by
      // theirs: no statement reads every name and email.
      indexes: ['SEARCH_GRAMS_KEY:gram', 'PRIMARY'],
    },
    {
      name: 'the users search, a term under 3 characters',
      read: () => admin.post('/api/informacion/get-users').send({ search: 'se' }).expect(200),
      // Too short for a gram, and matching many anyway: every name and email, from the narrow index.
      indexes: ['ix_users_search'],
      wholeTables: ['users'],
    },
    {
      name: 'the audit log, first page',
      read: async () => {
        const page = await admin.post('/api/admin/get-audit').send({ pagination: 1 }).expect(200);
        expect(page.body.pagination.totalRecords).toBeGreaterThan(1000);
      },
      // Newest first: the primary key walked backwards to the page's 20; the total is kept, not counted.
      indexes: [],
    },
    {
      name: 'the audit log filtered by action',
      read: async () => {
        const page = await admin.post('/api/admin/get-audit').send({ action: 'class.cancel' }).expect(200);
        expect(page.body.pagination.totalRecords).toBeGreaterThanOrEqual(0);
      },
      // One action's entries through its index (which holds the id: newest first without sorting).
      indexes: ['ix_audit_log_action'],
    },
    {
      name: 'the session check (by the session id, never by scanning the logins)',
      read: () => client.get('/api/get-cookie').expect(200),
      indexes: ['SESSION_KEY'],
    },
    {
      name: "the strike rule's count of a client with a long history (every booking when the rule is on)",
      read: () => t.app.get(NoShowsService).blockOf(weeklyId, { enabled: true, count: 3, days: 30, blockDays: 7 }),
      // Their no-shows and late releases of the window: ranges of their date index, not their history.
      indexes: ['ix_reservations_user_class:class_date'],
    },
    {
      name: "the no-show job's classes of yesterday and today",
      read: () => t.app.get(ReservationsRepository).classesWithUnmarked([addDays(TODAY, -1), TODAY]),
      indexes: ['ix_reservations_session_attendance_user:class_session_id'],
    },
    {
      name: 'the owner’s dashboard for a year',
      read: () => admin.post('/api/admin/dashboard').send(year()).expect(200),
      // Attendance from the classes' counters: no reservation of the year is read.
      indexes: [
        'ix_class_sessions_date_figures:date',
        'ix_payments_approved_figures:approved_at',
        'ix_user_plans_created_figures:created_at',
        'ix_users_created_role:created_at',
        'ix_user_plans_end:end_date',
        // The gift cards paid in the period.
        'ix_gift_cards_approved_figures:approved_at',
      ],
    },
    {
      name: 'the exports of a year',
      read: async () => {
        const { from, to } = year();
        for (const kind of ['payments', 'plans', 'reservations', 'clients']) {
          await admin.get(`/api/admin/export/${kind}.csv?from=${from}&to=${to}`).expect(200);
        }
      },
      indexes: [
        'ix_payments_approved_figures:approved_at',
        'ix_user_plans_created_figures:created_at',
        'ix_class_sessions_date_figures:date',
        'ix_reservations_session_attendance_user:status',
      ],
      // Every client with an account is a line of the clients export.
      wholeTables: ['users'],
    },
  ];

  // SQLite: first as the planner sees a database nobody analyzed, then with the statistics the
  // server's PRAGMA optimize gives it (as at a start on this database). MariaDB: with the statistics
  // ANALYZE TABLE gave it above.
  describe.each(
    process.env.TEST_DATABASE_URL ? ['after ANALYZE TABLE'] : ['without statistics', 'after PRAGMA optimize'],
  )('%s', (pass) => {
    beforeAll(async () => {
      if (pass === 'after PRAGMA optimize') await optimizeSqlite(t.dataSource, true);
    });

    it.each(reads)('should read $name through its indexes, scanning no growing table', async (read) => {
      expectPlans(await plansOf(read.read), read.indexes, read.wholeTables);
    });
  });
});
