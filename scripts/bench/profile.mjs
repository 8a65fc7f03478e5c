// The CPU profile of the app under day-view load for `npm run bench`: the production build started
// with `node --cpu-prof`, get-information at 50 connections for BENCH_PROFILE_SECONDS (5; 0 skips
// it), then the profile's top entries by self time — by function, and by package (what a request
// spends in the framework, the ORM, the logger… beside the app's own code).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ROOT } from '../lib/built-server.mjs';

export const PROFILE_SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 5);
const TOP = 15;

/** Node arguments that write a profile into a fresh folder when the process exits; `read()` summarises it. */
export function cpuProfile() {
  const dir = mkdtempSync(join(tmpdir(), 'pilates-cpuprof-'));
  return {
    nodeArgs: ['--cpu-prof', '--cpu-prof-dir', dir],
    /**
     * `window`: Date.now() when the load started and ended, and when the process had exited (the
     * profile ends there): only the samples of the load count.
     */
    read(window) {
      try {
        const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
        if (!file) return null;
        return summarise(JSON.parse(readFileSync(join(dir, file), 'utf8')), window);
      } finally {
        // BENCH_PROFILE_KEEP=1 leaves the .cpuprofile for Chrome DevTools or speedscope.
        if (process.env.BENCH_PROFILE_KEEP) console.log(`CPU profile kept in ${dir}`);
        else rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Where a script lives: its npm package, "app" for the server's own code, or what Node calls it. */
function origin(url) {
  if (!url) return '(native)';
  const path = url.replace(/^file:\/\//, '');
  const inModules = path.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const parts = path.slice(inModules + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (path.startsWith('node:')) return 'node';
  if (path.includes('/libs/dates/')) return '@pilates/dates';
  if (path.startsWith(ROOT)) return 'app';
  return path;
}

function summarise(profile, window) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const from = profile.endTime - (window.exited - window.start) * 1000;
  const to = profile.endTime - (window.exited - window.end) * 1000;
  const self = new Map();
  let total = 0;
  let idle = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < from || at > to) return;
    if (byId.get(id).callFrame.functionName === '(idle)') {
      idle += delta;
      return;
    }
    total += delta;
    self.set(id, (self.get(id) ?? 0) + delta);
  });
  const functions = new Map();
  const packages = new Map();
  for (const [id, time] of self) {
    const { callFrame } = byId.get(id);
    const pkg = origin(callFrame.url);
    const where = callFrame.url
      ? `${relative(ROOT, callFrame.url.replace(/^file:\/\//, ''))}:${callFrame.lineNumber + 1}`
      : '';
    const name = `${callFrame.functionName || '(anonymous)'} ${where}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + time);
    packages.set(pkg, (packages.get(pkg) ?? 0) + time);
  }
  const top = (map) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([name, time]) => ({ 'self %': Number(((time / total) * 100).toFixed(1)), name }));
  return {
    busyMs: Math.round(total / 1000),
    idleMs: Math.round(idle / 1000),
    functions: top(functions),
    packages: top(packages),
  };
}

export function printProfile(label, summary, load = 'get-information load') {
  if (!summary) {
    console.log(`\n== ${label}: CPU profile not written`);
    return;
  }
  console.log(
    `\n== ${label}: CPU profile of the app under ${load} (${summary.busyMs} ms busy, ${summary.idleMs} ms idle; shares of the busy time)`,
  );
  console.log('Top packages by self time (app = the server’s own code; (native) = V8, GC and Node’s C++):');
  console.table(summary.packages);
  console.log('Top functions by self time:');
  console.table(summary.functions);
}
