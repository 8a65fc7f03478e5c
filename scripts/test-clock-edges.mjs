// Proves the suites do not depend on the hour they run at: the time-sensitive tests (the server's
// `zones` project, the client's zone-sensitive files, the date library) run with the machine's
// clock started just before the studio's midnight at a month's end, and half a second before a
// minute's edge that is also midnight and a month's end in the machine's zone (UTC). Each run starts
// its clock there (TEST_WALL_CLOCK, scripts/lib/shift-wall-clock.cjs) and the clock runs on, so every
// test file crosses or starts past the edge (a suite takes longer than 2 s to start: the first run's
// tests run just after the studio's midnight, in December).
//
// .ci/run runs the whole of `npm test` from the UTC edge and the MariaDB suite from the Tokyo one
// (their TEST_WALL_CLOCK is EDGES below), so it calls this script for what those leave out: the Tokyo
// edge without the server's integration files (CLOCK_EDGES=tokyo CLOCK_EDGE_SERVER_PROJECT=unit).
// Usage: node scripts/test-clock-edges.mjs [instant …] (given instants run under TZ=UTC). Exit code 1
// when any run fails. CLOCK_EDGES: `tokyo`, `utc` or both (the default); CLOCK_EDGE_SERVER_PROJECT: the
// server's jest project (`zones`, the default: its unit specs and zone-sensitive integration files).
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const EDGES = {
  // The studio's last seconds of November, the machine in Tokyo (already December 1 there).
  tokyo: { instant: '2026-11-30T23:59:58-06:00', zone: 'Asia/Tokyo' },
  // A minute's edge, midnight and month end on the machine (TZ=UTC); 6 PM at the studio.
  utc: { instant: '2026-11-30T23:59:59.500Z', zone: 'UTC' },
};
const edges = process.argv.slice(2).length
  ? process.argv.slice(2).map((instant) => ({ instant, zone: 'UTC' }))
  : (process.env.CLOCK_EDGES ?? 'tokyo,utc').split(',').map((name) => {
      if (!EDGES[name]) throw new Error(`CLOCK_EDGES: unknown edge ${name} (tokyo, utc)`);
      return EDGES[name];
    });
const serverProject = process.env.CLOCK_EDGE_SERVER_PROJECT ?? 'zones';

const suites = [
  {
    name: serverProject === 'zones' ? 'server (unit + zone-sensitive integration)' : `server (${serverProject})`,
    cwd: 'server',
    args: ['jest', '--selectProjects', serverProject],
  },
  { name: 'client (zone-sensitive files)', cwd: 'client', args: ['vitest', 'run'], env: { VITEST_ZONES: '1' } },
  { name: 'dates', cwd: 'libs/dates', args: ['vitest', 'run'] },
];

const failed = [];
for (const { instant, zone } of edges) {
  for (const suite of suites) {
    const label = `${suite.name} @ ${instant} (TZ=${zone})`;
    console.log(`\n--- ${label}`);
    const started = Date.now();
    const run = spawnSync('npx', suite.args, {
      cwd: new URL(suite.cwd + '/', `file://${root}`).pathname,
      stdio: 'inherit',
      env: { ...process.env, ...suite.env, TZ: zone, TEST_WALL_CLOCK: instant },
    });
    console.log(
      `--- ${label}: ${run.status === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    if (run.status !== 0) failed.push(label);
  }
}
if (failed.length) {
  console.error(`\nFailed with the clock moved: ${failed.join('; ')}`);
  process.exit(1);
}
console.log(`\nEvery time-sensitive suite passed at ${edges.length} clock edges.`);
