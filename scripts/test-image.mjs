// `npm run test:image`: the Docker image's runtime stage, proven without a Docker engine.
// It reads docker/Dockerfile, does what its build stage does after `npm run build` (a copy of the built
// workspace, then `npm prune --omit=dev`), lays out a folder exactly as the runtime stage's
// `COPY --from=build` lines do, and starts the stage's CMD there with its ENV (NODE_ENV=production),
// far from this checkout's node_modules. Checks:
//   1. the runtime folder holds no development dependency (vite, jest, eslint, nx, lighthouse, …);
//   2. the server comes up in production mode and /api/health answers;
//   3. the pages are rendered on the server: /pilates/planes carries the catalogue's prices,
//      /pilates/reservar the day's classes, both with the hydration data and a script that answers 200;
//   4. an unknown page answers the 404 page with status 404;
//   5. the image's CMD and `npm run serve` give node the arguments of scripts/lib/server-command.mjs;
//   6. sharp's native binary (the instructors' photos) loads there and encodes AVIF and WebP.
// Prints each check; exits 1 when one fails. DOCKERFILE=<path> checks another Dockerfile. Needs `npm run build` first (the npm script does it).
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT, freePort } from './lib/built-server.mjs';
import { SERVER_ENTRY, SERVER_NODE_ARGS } from './lib/server-command.mjs';

const failures = [];
const check = (name, ok, detail = '') => {
  if (!ok) failures.push(name);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
};

/** The runtime stage of the Dockerfile: its COPY --from=build pairs, ENV and CMD. */
export function runtimeStage(dockerfile) {
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim());
  const start = lines.findIndex((line) => /^FROM\s+\S+\s+AS\s+runtime$/i.test(line));
  if (start < 0) throw new Error('docker/Dockerfile has no "FROM … AS runtime" stage');
  const stage = lines.slice(start + 1);
  const copies = stage
    .filter((line) => /^COPY\s+--from=build\s/i.test(line))
    .map((line) => {
      const [source, target] = line.replace(/^COPY\s+--from=build\s+/i, '').split(/\s+/);
      // A target ending in "/" is a folder the source goes into (Docker's rule).
      return { source: source.replace(/^\/app\//, ''), target, intoFolder: target.endsWith('/') };
    });
  const env = {};
  for (const line of stage.filter((l) => /^ENV\s/i.test(l))) {
    for (const [, key, value] of line.slice(4).matchAll(/(\w+)=(\S+)/g)) env[key] = value;
  }
  const cmdLine = stage.find((line) => /^CMD\s/i.test(line));
  const cmd = cmdLine ? JSON.parse(cmdLine.slice(4)) : undefined;
  return { copies, env, cmd };
}

const {
  copies,
  env: imageEnv,
  cmd,
} = runtimeStage(readFileSync(process.env.DOCKERFILE ?? join(ROOT, 'docker/Dockerfile'), 'utf8'));
for (const built of ['server/dist/main.js', 'client/dist/ssr/entry-server.cjs', 'libs/dates/dist']) {
  if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run npm run build first`);
}

const work = mkdtempSync(join(tmpdir(), 'pilates-image-'));
const build = join(work, 'build');
const app = join(work, 'app');
let server;
try {
  // The build stage after `npm run build`: the workspace with its dependencies, then the prune.
  console.log(`build stage: copying the built workspace to ${build} and pruning dev dependencies…`);
  for (const path of [
    'package.json',
    'package-lock.json',
    'node_modules',
    'libs/dates/package.json',
    'libs/dates/dist',
    'server/package.json',
    'server/node_modules',
    'server/dist',
    'client/package.json',
    'client/node_modules',
    'client/dist',
  ]) {
    if (existsSync(join(ROOT, path)))
      cpSync(join(ROOT, path), join(build, path), { recursive: true, verbatimSymlinks: true });
  }
  execFileSync('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund', '--offline'], { cwd: build, stdio: 'ignore' });
  mkdirSync(join(build, 'server/node_modules'), { recursive: true });

  // The runtime stage: only what its COPY lines name.
  for (const { source, target, intoFolder } of copies) {
    const to = join(app, intoFolder ? join(target, source.split('/').pop()) : target);
    mkdirSync(dirname(to), { recursive: true });
    cpSync(join(build, source), to, { recursive: true, verbatimSymlinks: true });
  }
  const devOnly = ['vite', 'vitest', 'jest', 'eslint', 'nx', 'lighthouse', 'playwright-core'].filter((name) =>
    existsSync(join(app, 'node_modules', name)),
  );
  check(
    'the runtime stage holds no development dependency',
    devOnly.length === 0,
    devOnly.join(', ') || `${copies.length} COPY lines`,
  );

  // sharp's prebuilt libvips comes as an optional, platform-specific package: the prune must keep it.
  let sharpDetail;
  try {
    sharpDetail = execFileSync(
      process.execPath,
      [
        '-e',
        "const sharp = require('sharp'); const pixel = sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } });" +
          ' Promise.all([pixel.clone().avif().toBuffer(), pixel.clone().webp().toBuffer()])' +
          '.then(([a, w]) => console.log(`libvips ${sharp.versions.vips}, AVIF ${a.length} B, WebP ${w.length} B`))',
      ],
      { cwd: join(app, 'server'), encoding: 'utf8', env: { PATH: process.env.PATH, NODE_ENV: 'production' } },
    ).trim();
  } catch (error) {
    sharpDetail = undefined;
    console.error(String(error.stderr ?? error.message).slice(-2000));
  }
  check('sharp loads in the runtime stage and encodes AVIF and WebP', Boolean(sharpDetail), sharpDetail ?? 'failed');

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const [program, ...args] = cmd;
  check(
    'the stage runs node server/dist/main.js in production',
    program === 'node' && imageEnv.NODE_ENV === 'production',
    cmd.join(' '),
  );
  // The image, `npm run serve` and `npm start` start the server alike (scripts/lib/server-command.mjs).
  const expected = ['node', ...SERVER_NODE_ARGS, SERVER_ENTRY].join(' ');
  check('the stage starts the server as server-command.mjs says', cmd.join(' ') === expected, expected);
  const serveScript = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.serve;
  check('`npm run serve` starts the server as server-command.mjs says', serveScript === expected, serveScript);
  server = spawn(process.execPath, args, {
    cwd: app,
    env: {
      PATH: process.env.PATH,
      ...imageEnv,
      // What compose sets for every replica; the port and data folder are this run's own.
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(work, 'data'),
      APP_URL: url,
      JWT_SECRET: 'image-test-jwt-secret-0123456789-abcdefghijkl',
      MP_ACCESS_TOKEN: 'TEST-image-check',
      MP_WEBHOOK_SECRET: 'image-check-webhook-secret',
      ADMIN_EMAIL: 'admin@image.local',
      ADMIN_PASSWORD: 'image-admin-password',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  server.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-10_000)));

  let health;
  for (let attempt = 0; attempt < 120 && server.exitCode === null; attempt++) {
    health = await fetch(`${url}/api/health`).catch(() => undefined);
    if (health?.ok) break;
    await new Promise((done) => setTimeout(done, 250));
  }
  check(
    'the server starts from the runtime folder and /api/health answers',
    Boolean(health?.ok),
    health ? `HTTP ${health.status}` : stderr.slice(-2000),
  );
  if (health?.ok) {
    const planes = await fetch(`${url}/pilates/planes`);
    const planesHtml = await planes.text();
    check(
      '/pilates/planes is rendered on the server with the catalogue’s prices',
      planes.status === 200 && /\$\s?[\d,]+/.test(planesHtml) && /Plan|clases/i.test(planesHtml),
      `HTTP ${planes.status}, ${planesHtml.length} bytes`,
    );
    const script = planesHtml.match(/"(\/assets\/main-[\w-]+\.js)"/)?.[1];
    const scriptAnswer = script ? await fetch(new URL(script, url)) : undefined;
    check('the page’s script is served', scriptAnswer?.status === 200, script ?? 'no module script in the page');
    const reservar = await fetch(`${url}/pilates/reservar`);
    const reservarHtml = await reservar.text();
    check(
      '/pilates/reservar carries the day’s classes and the data to hydrate',
      reservar.status === 200 && /lugares/i.test(reservarHtml) && /\$_TSR|dehydrated|__TSR/.test(reservarHtml),
      `HTTP ${reservar.status}`,
    );
    const missing = await fetch(`${url}/pilates/no-existe`);
    const missingHtml = await missing.text();
    check(
      'an unknown page answers the 404 page',
      missing.status === 404 && /<html/i.test(missingHtml) && /no existe|no encontr/i.test(missingHtml),
      `HTTP ${missing.status}`,
    );
  }
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  rmSync(work, { recursive: true, force: true });
}
if (failures.length) {
  console.error(`\n${failures.length} check(s) failed`);
  process.exit(1);
}
console.log('\nthe image’s runtime stage serves the server-rendered site');
