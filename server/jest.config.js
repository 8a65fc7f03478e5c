/**
 * Three projects: unit specs beside the code; integration specs over HTTP against a real database
 * (SQLite by default, MySQL/MariaDB when TEST_DATABASE_URL is set); and `zones`, the files whose
 * outcome the machine's time zone could change, which `npm test` runs again under TZ=Asia/Tokyo.
 */
const transform = {
  '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
  // content-disposition 1.x (under @fastify/static 10) ships ESM only: Node 20 loads it, Jest needs it transpiled.
  '^.+/content-disposition/.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs' } }],
};
const transformIgnorePatterns = ['/node_modules/(?!content-disposition/)'];
// The shared date helpers from source, so tests need no prior build of libs/dates.
const moduleNameMapper = { '^@pilates/dates$': '<rootDir>/../libs/dates/src/index.ts' };
// TEST_WALL_CLOCK=<instant>: the machine's clock starts there (scripts/test-clock-edges.mjs).
const setupFiles = ['<rootDir>/../scripts/lib/shift-wall-clock.cjs'];

/**
 * Integration files that check studio dates and times the server works out or writes: class starts,
 * cancellation deadlines, waitlist cutoffs, plan dates, periods, mails, calendars, CSVs and rendered
 * pages. The app computes these from STUDIO_TZ, never from the machine's zone; these files prove it
 * under a second zone. Every other file's outcome does not involve a studio date (accounts, limits,
 * headers, logs, migrations, outages, replicas), and the unit specs are all repeated: they are fast.
 * .ci/run runs the whole integration suite under TZ=Asia/Tokyo as well (on MariaDB), and this
 * project under Tokyo with the clock at the studio's midnight (scripts/test-clock-edges.mjs).
 */
const ZONE_SENSITIVE = [
  'admin',
  'arco',
  'attendance',
  'booking',
  'dashboard',
  'exports-stream',
  'gift-cards',
  'instructors',
  'invoices',
  'invoices-memberships',
  'memberships-booking',
  'my-classes-history',
  'no-shows',
  'notifications',
  'owner-exports',
  'page-reads',
  'payments',
  'plan-ending-reminders',
  'plan-history',
  'privacy',
  'release-spot',
  'sala',
  'settings',
  'spot-holds',
  'ssr',
  'timetable',
  'user-plans',
  'waitlist',
  'whatsapp',
];

/** Files about SQLite alone (its planner statistics): left out when the suite runs on MySQL/MariaDB. */
const SQLITE_ONLY = ['sqlite-statistics'];

/**
 * Files that use MariaDB whatever the run (at 127.0.0.1:3306 unless TEST_DATABASE_URL says where): two
 * replicas' migration lock, the database going away, the backup service's drill. The SQLite run has
 * already run them on MariaDB, and no studio date is in them: the MySQL/MariaDB run leaves them out.
 */
const ALWAYS_MARIADB = ['replicas', 'database-outage', 'backup-drill-loop'];

const common = {
  testEnvironment: 'node',
  rootDir: __dirname,
  transform,
  transformIgnorePatterns,
  moduleNameMapper,
  setupFiles,
  testPathIgnorePatterns: process.env.TEST_DATABASE_URL
    ? ['/node_modules/', ...[...SQLITE_ONLY, ...ALWAYS_MARIADB].map((name) => `/test/${name}\\.int-spec\\.ts$`)]
    : ['/node_modules/'],
};

/** @type {import('jest').Config} */
module.exports = {
  maxWorkers: 2,
  // A global option (ignored inside `projects`): HTTP tests on a busy 2-core machine need room.
  testTimeout: 60000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/test/**/*.int-spec.ts'] },
    {
      ...common,
      displayName: 'zones',
      testMatch: ['<rootDir>/src/**/*.spec.ts', ...ZONE_SENSITIVE.map((name) => `<rootDir>/test/${name}.int-spec.ts`)],
    },
  ],
};
