// `npm run audit`: `npm audit --omit=dev` over what the server and the client ship, failing on a
// high or critical advisory. When the registry does not offer npm's advisory service (this
// workplace's mirror answers 405 to it), nothing can be checked: the script says so loudly and
// exits 0, or 1 with AUDIT_REQUIRED=1 (set it where the public registry is reachable).
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`npm audit printed no JSON (exit ${run.status}):\n${run.stderr.slice(-2000)}`);
  process.exit(1);
}

const counts = report.metadata?.vulnerabilities;
if (!counts) {
  const reason = report.message ?? report.error?.summary ?? JSON.stringify(report).slice(0, 300);
  console.warn(`⚠ npm audit could not run: ${reason}`);
  console.warn('  Production dependencies were NOT checked for advisories on this machine.');
  process.exit(process.env.AUDIT_REQUIRED === '1' ? 1 : 0);
}

const blocking = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `npm audit --omit=dev: ${Object.entries(counts)
    .map(([level, n]) => `${level} ${n}`)
    .join(', ')}`,
);
for (const [name, finding] of Object.entries(report.vulnerabilities ?? {})) {
  if (finding.severity === 'high' || finding.severity === 'critical') {
    console.log(
      `  ${finding.severity.padEnd(8)} ${name} ${finding.range} (fix: ${JSON.stringify(finding.fixAvailable)})`,
    );
  }
}
process.exit(blocking > 0 ? 1 : 0);
