// `npm run lighthouse`: Lighthouse (mobile defaults: emulated phone, simulated slow 4G and 4× CPU
// slowdown) in Debian's Chromium against the production build, served by the built server on a free
// 127.0.0.1 port with a throwaway SQLite database. Prints Performance, Accessibility, Best Practices
// and SEO per page, LCP and TBT per page, the gzip size of the JavaScript each page downloads before
// any interaction, and pass/fail against the public-site targets (scores, LCP < 2.0 s, TBT < 200 ms,
// JavaScript ≤ 125 KB on /pilates and ≤ 150 KB on any page); exits 1 when a target is missed. Per page
// it also prints what the LCP is (element, phases, bytes loaded before it) and the long tasks behind
// TBT, to see where a miss comes from. The machine's load average is printed beside the figures (a
// busy machine lowers them). Expects a build (the npm script runs `npm run build` first). Nothing leaves 127.0.0.1: a request to another host fails the run.
//
// LIGHTHOUSE_RUNS (default 3) runs each page that many times and keeps the median performance run,
// as Lighthouse recommends: one run on a busy 2-core machine moves by several points.
import { Buffer } from 'node:buffer';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBuiltServer } from './lib/built-server.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
// LIGHTHOUSE_REPORT_DIR=folder also writes each page's kept report there (Lighthouse JSON).
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const PAGES = [
  '/pilates',
  '/pilates/estudio',
  '/pilates/beneficios',
  '/pilates/planes',
  '/pilates/reservar',
  '/pilates/cuenta',
];
const CATEGORIES = [
  { id: 'performance', label: 'Performance', target: 95 },
  { id: 'accessibility', label: 'Accessibility', target: 100 },
  { id: 'best-practices', label: 'Best Practices', target: 95 },
  { id: 'seo', label: 'SEO', target: 100 },
];
/** JavaScript a visitor downloads before any interaction: the home page, and any other page. */
const HOME_JS_BUDGET_KB = 125;
const JS_BUDGET_KB = 150;
const LCP_TARGET_MS = 2000;
const TBT_TARGET_MS = 200;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const median = (runs) => {
  const sorted = [...runs].sort(
    (a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0),
  );
  return sorted[Math.floor(sorted.length / 2)];
};

/** Requests of a run that went anywhere but 127.0.0.1. */
const externalRequests = (lhr) =>
  (lhr.audits['network-requests']?.details?.items ?? [])
    .map((item) => item.url)
    .filter((url) => /^https?:/.test(url) && new URL(url).hostname !== '127.0.0.1');

/** Sum of the gzip sizes (zlib level 9, whatever the server sends) of the scripts a page downloaded. */
async function javascriptGzipKb(lhr) {
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  const urls = [...new Set(scripts.map((item) => item.url))];
  let bytes = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    bytes += gzipSync(body, { level: 9 }).length;
  }
  return { kb: bytes / 1024, files: urls.length };
}

/** One Lighthouse run; a failed trace (it happens on a busy machine) is tried again up to twice. */
async function runLighthouse(url, port, attempt = 1) {
  const answer = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error' },
    {
      extends: 'lighthouse:default',
      settings: {
        onlyCategories: CATEGORIES.map((category) => category.id),
        // The full-page screenshot resizes the page to its whole height, which would bring the lazy
        // map into view; it is a picture for the HTML report only, not part of any score.
        disableFullPageScreenshot: true,
      },
    },
  );
  const error = answer ? answer.lhr.runtimeError : { message: 'Lighthouse returned nothing' };
  if (!error) return answer;
  if (attempt < 3) return runLighthouse(url, port, attempt + 1);
  throw new Error(`${url}: ${error.message}`);
}

/**
 * The LCP element (its tag and class or source) and the simulated LCP's phases: time to first byte,
 * the LCP resource's load delay and load time (a picture), and render delay.
 */
function lcpBreakdown(lhr) {
  const tables = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = tables[0]?.items?.[0]?.node;
  const element = node?.snippet
    ? node.snippet.replace(/^<(\w+)[^>]*?(?:\s(?:src|class)="([^"]*)")?[^>]*>.*$/s, (_, tag, attr) =>
        attr ? `<${tag} ${attr}>` : `<${tag}>`,
      )
    : '?';
  const phases = (tables[1]?.items ?? []).map((phase) => `${phase.phase} ${Math.round(phase.timing)} ms`).join(', ');
  return `element ${element}${phases ? `; ${phases}` : ''}`;
}

/** The simulated long tasks that count toward TBT (after FCP), longest first, with their script. */
function longTasksAfterFcp(lhr) {
  const fcp = lhr.audits['first-contentful-paint']?.numericValue ?? 0;
  const tasks = (lhr.audits['long-tasks']?.details?.items ?? [])
    .filter((task) => task.startTime >= fcp)
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 4)
    .map((task) => {
      const file = task.url.startsWith('http') ? new URL(task.url).pathname.replace(/^\/assets\//, '') : task.url;
      return `${Math.round(task.duration)} ms at ${(task.startTime / 1000).toFixed(1)} s (${file})`;
    });
  return tasks.join(', ') || 'none';
}

/** KB transferred per kind of request that ended before the observed LCP. */
function loadedBeforeLcp(lhr) {
  const lcp = lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint;
  if (lcp === undefined) return '?';
  const kb = new Map();
  for (const item of lhr.audits['network-requests']?.details?.items ?? []) {
    if (item.networkEndTime > lcp) continue;
    const kind = item.resourceType ?? 'Other';
    kb.set(kind, (kb.get(kind) ?? 0) + (item.transferSize ?? 0) / 1024);
  }
  return [...kb].map(([kind, size]) => `${kind} ${size.toFixed(1)} KB`).join(', ') || 'nothing';
}

const pad = (text, width) => String(text).padEnd(width);
const padLeft = (text, width) => String(text).padStart(width);

async function main() {
  for (const file of ['server/dist/main.js', 'client/dist/ssr/entry-server.cjs']) {
    if (!existsSync(join(ROOT, file))) {
      console.error(`Missing ${file}: build first (npm run build), or use npm run lighthouse, which builds.`);
      process.exit(2);
    }
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
    process.exit(2);
  }

  const server = await startBuiltServer('lighthouse');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const results = [];
  try {
    console.log(`Lighthouse ${RUNS}× per page (median kept), mobile, against ${server.url}; load average ${load()}\n`);
    for (const path of PAGES) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const answer = await runLighthouse(`${server.url}${path}`, chrome.port);
        runs.push(answer.lhr);
        process.stdout.write('.');
      }
      const lhr = median(runs);
      if (REPORT_DIR) {
        mkdirSync(REPORT_DIR, { recursive: true });
        const name = path.replace(/^\//, '').replace(/\//g, '-') || 'inicio';
        writeFileSync(join(REPORT_DIR, `${name}.json`), JSON.stringify(lhr));
      }
      const external = runs.flatMap(externalRequests);
      results.push({
        path,
        lhr,
        external,
        scores: Object.fromEntries(
          CATEGORIES.map((category) => [category.id, Math.round((lhr.categories[category.id]?.score ?? 0) * 100)]),
        ),
      });
    }
    process.stdout.write('\n\n');

    for (const result of results) result.js = await javascriptGzipKb(result.lhr);

    const widths = [24, ...CATEGORIES.map((category) => category.label.length + 2)];
    console.log(
      pad('Page', widths[0]) + CATEGORIES.map((category, i) => padLeft(category.label, widths[i + 1])).join(''),
    );
    const failures = [];
    for (const result of results) {
      console.log(
        pad(result.path, widths[0]) +
          CATEGORIES.map((category, i) => {
            const score = result.scores[category.id];
            if (score < category.target)
              failures.push(`${result.path} ${category.label} ${score} < ${category.target}`);
            return padLeft(score, widths[i + 1]);
          }).join(''),
      );
      for (const url of new Set(result.external)) failures.push(`${result.path} requested ${url}`);
    }
    console.log(`\nTargets: ${CATEGORIES.map((category) => `${category.label} ≥ ${category.target}`).join(', ')}`);
    console.log(
      `LCP < ${LCP_TARGET_MS / 1000} s, TBT < ${TBT_TARGET_MS} ms; JavaScript ≤ ${HOME_JS_BUDGET_KB} KB gzip on /pilates, ` +
        `≤ ${JS_BUDGET_KB} KB on any page`,
    );
    for (const result of results) {
      const budget = result.path === '/pilates' ? HOME_JS_BUDGET_KB : JS_BUDGET_KB;
      const lcp = result.lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity;
      const tbt = result.lhr.audits['total-blocking-time']?.numericValue ?? Infinity;
      if (lcp >= LCP_TARGET_MS)
        failures.push(`${result.path} LCP ${(lcp / 1000).toFixed(2)} s ≥ ${LCP_TARGET_MS / 1000} s`);
      if (tbt >= TBT_TARGET_MS) failures.push(`${result.path} TBT ${Math.round(tbt)} ms ≥ ${TBT_TARGET_MS} ms`);
      if (result.js.kb > budget)
        failures.push(`${result.path} JavaScript ${result.js.kb.toFixed(1)} KB gzip > ${budget} KB`);
    }

    const benchmark = results.map((result) => result.lhr.environment?.benchmarkIndex).filter(Boolean);
    if (benchmark.length) {
      console.log(
        `This machine's Lighthouse benchmarkIndex: ${Math.round(Math.min(...benchmark))}–${Math.round(Math.max(...benchmark))}`,
      );
    }
    for (const result of results) {
      const lhr = result.lhr;
      const metric = (id) => lhr.audits[id]?.displayValue ?? '?';
      console.log(
        `  ${pad(result.path, 22)} FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, ` +
          `TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, ` +
          `TTI ${metric('interactive')}, JavaScript ${result.js.kb.toFixed(1)} KB gzip in ${result.js.files} files`,
      );
      console.log(`    LCP ${lcpBreakdown(lhr)}`);
      console.log(`    loaded before the LCP (the simulation charges these to it): ${loadedBeforeLcp(lhr)}`);
      console.log(`    longest tasks after FCP (TBT): ${longTasksAfterFcp(lhr)}`);
      for (const category of CATEGORIES) {
        if (result.scores[category.id] >= category.target) continue;
        const missed = lhr.categories[category.id].auditRefs
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${ref.id} (${Math.round((lhr.audits[ref.id].score ?? 0) * 100)})`);
        if (missed.length) console.log(`    ${category.label}: ${missed.join(', ')}`);
      }
    }

    console.log(`Load average at the end: ${load()} (${availableParallelism()} cores)`);
    if (failures.length) {
      console.log(`\nFAIL\n${failures.map((failure) => `  - ${failure}`).join('\n')}`);
      process.exitCode = 1;
    } else {
      console.log('\nPASS: every page meets the targets.');
    }
  } finally {
    await chrome.kill();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
