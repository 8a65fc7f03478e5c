// Proves the suites do not depend on the hour they run at: the time-sensitive tests (the server's
// `zones` project, the client's zone-sensitive files, the date library) run with the machine's
// clock started just before the studio's midnight at a month's end, just after it, and half a
// second before a minute's edge that is also midnight and a month's end in the machine's zone
// (UTC). Each run starts its clock there (TEST_WALL_CLOCK, scripts/lib/shift-wall-clock.cjs) and
// the clock runs on, so every test file crosses or starts past the edge.
// Usage: node scripts/test-clock-edges.mjs [instant …]. Exit code 1 when any run fails.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const instants = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [
      '2026-11-30T23:59:58-06:00', // the studio's last seconds of November
      '2026-12-01T00:00:01-06:00', // the studio's first second of December
      '2026-11-30T23:59:59.500Z', // a minute's edge, midnight and month end on the machine (TZ=UTC)
    ];

const suites = [
  { name: 'server (unit + zone-sensitive integration)', cwd: 'server', args: ['jest', '--selectProjects', 'zones'] },
  { name: 'client (zone-sensitive files)', cwd: 'client', args: ['vitest', 'run'], env: { VITEST_ZONES: '1' } },
  { name: 'dates', cwd: 'libs/dates', args: ['vitest', 'run'] },
];

const failed = [];
for (const instant of instants) {
  for (const suite of suites) {
    const label = `${suite.name} @ ${instant}`;
    console.log(`\n--- ${label}`);
    const started = Date.now();
    const run = spawnSync('npx', suite.args, {
      cwd: new URL(suite.cwd + '/', `file://${root}`).pathname,
      stdio: 'inherit',
      env: { ...process.env, ...suite.env, TZ: 'UTC', TEST_WALL_CLOCK: instant },
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
console.log(`\nEvery time-sensitive suite passed at ${instants.length} clock edges.`);
