// Off-site, encrypted backups with restic to an S3-compatible bucket (Backblaze B2, Wasabi, AWS S3, MinIO…).
//
//   npm run backup:offsite             one backup now: the database (as `npm run backup` writes it), the
//                                      photos and DATA_DIR's secrets, sent to RESTIC_REPOSITORY; then
//                                      `restic forget --prune` with the OFFSITE_KEEP_* retention, and
//                                      `restic check` when the last one is OFFSITE_CHECK_DAYS (7) old.
//   npm run restore:offsite -- --yes   the newest off-site snapshot replaces the database, the photos and
//                                      the secrets (through `npm run restore`: the current ones are saved first).
//   npm run backup:drill               the restore drill: the newest snapshot restored into a scratch
//                                      database (SQLite: a temp file; MySQL: `<database>_drill`) and checked
//                                      (migrations at the head, counts within the day's changes, the owner's
//                                      account readable); never touches the live database.
//
// Settings: the server's (DATA_DIR, DATABASE_URL, BACKUP_DIR; .env read too) and restic's own variables:
// RESTIC_REPOSITORY (s3:https://<endpoint>/<bucket>/<folder>), RESTIC_PASSWORD or RESTIC_PASSWORD_FILE
// (the encryption key: lose it and the backups are lost), AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (the
// bucket's key), RESTIC_CACERT (a private endpoint's CA). Retention: OFFSITE_KEEP_DAILY (7),
// OFFSITE_KEEP_WEEKLY (4), OFFSITE_KEEP_MONTHLY (12). Each run writes its outcome to
// DATA_DIR/status/offsite-backup.json or restore-drill.json, which the app reads (metrics, alerts, dashboard).
import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { createConnection } from 'mysql2/promise';
import {
  backupKind,
  findTool,
  loadSettings,
  mysqlConnectionArgs,
  mysqlEnv,
  runMain,
  runTool,
  ScriptError,
  writeBackup,
} from './backup.mjs';

const ROOT = resolve(import.meta.dirname, '..');
/** Files of DATA_DIR that a restored database needs beside it: the key its sessions are signed with. */
export const SECRET_FILES = ['jwt-secret'];
const STAGE_NAME = 'offsite-stage';
const DATABASE_NAME = 'database';
const TAG = 'pilates';
/** The tables the drill counts. */
const COUNTED_TABLES = ['users', 'plans', 'user_plans', 'reservations', 'payments'];

const positive = (env, name, fallback) => {
  const text = (env[name] ?? '').trim() || String(fallback);
  if (!/^\d+$/.test(text)) throw new ScriptError(`${name} must be a whole number (got "${text}")`);
  return Number(text);
};

export function loadOffsiteSettings(env = process.env) {
  const settings = loadSettings(env);
  if (!(env.RESTIC_REPOSITORY ?? '').trim()) {
    throw new ScriptError(
      'RESTIC_REPOSITORY is not set (e.g. s3:https://s3.us-west-004.backblazeb2.com/<bucket>/pilates)',
    );
  }
  if (!(env.RESTIC_PASSWORD ?? '').trim() && !(env.RESTIC_PASSWORD_FILE ?? '').trim()) {
    throw new ScriptError('RESTIC_PASSWORD or RESTIC_PASSWORD_FILE is not set: the key that encrypts the backups');
  }
  return {
    ...settings,
    statusDir: join(settings.dataDir, 'status'),
    keep: {
      daily: positive(env, 'OFFSITE_KEEP_DAILY', 7),
      weekly: positive(env, 'OFFSITE_KEEP_WEEKLY', 4),
      monthly: positive(env, 'OFFSITE_KEEP_MONTHLY', 12),
    },
    checkDays: positive(env, 'OFFSITE_CHECK_DAYS', 7),
  };
}

/** Runs restic with the environment's settings; resolves with its standard output. */
function restic(args, { cwd } = {}) {
  return new Promise((done, fail) => {
    // restic reads RESTIC_CACERT itself only from 0.15 on (Debian 12 ships 0.14): passed as the option.
    const cacert = (process.env.RESTIC_CACERT ?? '').trim();
    const options = ['--no-cache', ...(cacert ? ['--cacert', cacert] : [])];
    const child = spawn('restic', [...options, ...args], {
      cwd,
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err = (err + chunk).slice(-4000)));
    child.on('error', (error) =>
      fail(new ScriptError(`restic: ${error.message} (install restic: apt-get install restic)`)),
    );
    child.on('close', (code) =>
      code === 0
        ? done(out)
        : fail(new ScriptError(`restic ${args[0]} failed (exit code ${code}): ${err.trim().split('\n').at(-1) ?? ''}`)),
    );
  });
}

const readStatus = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
};

/** Written whole (temp file, then rename) and readable by the app's user in another container. */
function writeStatus(settings, name, value) {
  mkdirSync(settings.statusDir, { recursive: true, mode: 0o755 });
  const file = join(settings.statusDir, name);
  writeFileSync(`${file}.partial`, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o644 });
  renameSync(`${file}.partial`, file);
}

async function ensureRepository() {
  // `cat config` fails on a repository that does not exist yet (or a wrong key: then init fails too, and says so).
  const exists = await restic(['cat', 'config']).then(
    () => true,
    () => false,
  );
  if (!exists) await restic(['init']);
}

export async function backupOffsite(settings, now = () => new Date()) {
  const statusFile = join(settings.statusDir, 'offsite-backup.json');
  const previous = readStatus(statusFile);
  const stage = join(settings.backupDir, STAGE_NAME);
  try {
    rmSync(stage, { recursive: true, force: true });
    mkdirSync(join(stage, 'secrets'), { recursive: true, mode: 0o700 });
    const { ext } = backupKind(settings);
    await writeBackup(settings, join(stage, `${DATABASE_NAME}${ext}`));
    for (const name of SECRET_FILES) {
      const file = join(settings.dataDir, name);
      if (existsSync(file)) copyFileSync(file, join(stage, 'secrets', name));
    }
    await ensureRepository();
    // Always the same folder: restic deduplicates against the previous snapshot of this path.
    const output = await restic(['backup', '--json', '--tag', TAG, '--host', TAG, '.'], { cwd: stage });
    const summary = output
      .trim()
      .split('\n')
      .map((line) => {
        try {
          return JSON.parse(line);
        } catch {
          return {};
        }
      })
      .find((message) => message.message_type === 'summary');
    await restic([
      'forget',
      '--prune',
      '--tag',
      TAG,
      '--keep-daily',
      String(settings.keep.daily),
      '--keep-weekly',
      String(settings.keep.weekly),
      '--keep-monthly',
      String(settings.keep.monthly),
    ]);
    const lastCheck = previous.lastCheckAt ? new Date(previous.lastCheckAt).getTime() : 0;
    const checkDue = now().getTime() - lastCheck >= settings.checkDays * 86_400_000;
    if (checkDue) await restic(['check']);
    const finished = now().toISOString();
    const status = {
      lastSuccessAt: finished,
      snapshot: summary?.snapshot_id ?? null,
      lastCheckAt: checkDue ? finished : previous.lastCheckAt,
      lastFailureAt: null,
      lastError: null,
    };
    writeStatus(settings, 'offsite-backup.json', status);
    return status;
  } catch (error) {
    writeStatus(settings, 'offsite-backup.json', {
      ...previous,
      lastFailureAt: now().toISOString(),
      lastError: String(error.message ?? error).slice(0, 300),
    });
    throw error;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** The folder of the newest snapshot, restored under a new temp folder: { dir, time, cleanup }. */
async function restoreNewest() {
  const snapshots = JSON.parse(await restic(['snapshots', '--json', '--tag', TAG]));
  if (snapshots.length === 0) throw new ScriptError('the off-site repository holds no snapshot yet');
  const newest = snapshots.sort((a, b) => a.time.localeCompare(b.time)).at(-1);
  const target = mkdtempSync(join(tmpdir(), 'pilates-offsite-restore-'));
  chmodSync(target, 0o700);
  await restic(['restore', newest.short_id ?? newest.id.slice(0, 8), '--target', target]);
  // restic recreates the absolute path it backed up: find the folder holding `secrets`.
  const find = (dir) => {
    const entries = readdirSync(dir, { withFileTypes: true });
    if (entries.some((e) => e.isDirectory() && e.name === 'secrets')) return dir;
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      const found = find(join(dir, entry.name));
      if (found) return found;
    }
    return undefined;
  };
  const dir = find(target);
  if (!dir) throw new ScriptError(`snapshot ${newest.short_id} is not a backup of this site (no secrets folder)`);
  return {
    dir,
    time: new Date(newest.time),
    id: newest.short_id,
    cleanup: () => rmSync(target, { recursive: true, force: true }),
  };
}

async function restoreOffsite(settings) {
  if (!process.argv.includes('--yes') && process.env.RESTORE_CONFIRM !== '1') {
    throw new ScriptError(
      'Nothing changed: stop the app, then run again with --yes (npm run restore:offsite -- --yes)',
    );
  }
  const snapshot = await restoreNewest();
  try {
    const { ext } = backupKind(settings);
    const file = join(snapshot.dir, `${DATABASE_NAME}${ext}`);
    if (!existsSync(file))
      throw new ScriptError(`snapshot ${snapshot.id} holds no ${DATABASE_NAME}${ext} (another database kind?)`);
    console.log(`Restoring snapshot ${snapshot.id} of ${snapshot.time.toISOString()}`);
    const restored = spawnSync(process.execPath, [join(ROOT, 'scripts/restore.mjs'), file, '--yes'], {
      stdio: 'inherit',
      env: process.env,
    });
    if (restored.status !== 0) throw new ScriptError('npm run restore failed (see above)');
    mkdirSync(settings.dataDir, { recursive: true, mode: 0o700 });
    for (const name of SECRET_FILES) {
      const from = join(snapshot.dir, 'secrets', name);
      if (!existsSync(from)) continue;
      copyFileSync(from, join(settings.dataDir, name));
      chmodSync(join(settings.dataDir, name), 0o600);
      console.log(`Restored ${name} into ${settings.dataDir}`);
    }
  } finally {
    snapshot.cleanup();
  }
}

/** The migrations the built server knows, in order (the drill's "head"). */
function knownMigrations() {
  const index = join(ROOT, 'server/dist/database/migrations/index.js');
  if (!existsSync(index)) throw new ScriptError('server/dist is missing: run `npm run build` first');
  const { migrations } = createRequire(import.meta.url)(index);
  return migrations.map((m) => m.name);
}

/** A database to query: SQLite file or MySQL connection, with one `all(sql, params)` method. */
async function openSqlite(file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  return { all: async (sql, params = []) => db.prepare(sql).all(...params), close: async () => db.close() };
}

async function openMysql(mysql, database) {
  const conn = await createConnection({
    host: mysql.host,
    port: Number(mysql.port),
    user: mysql.user,
    password: mysql.password,
    database,
    timezone: 'Z',
  });
  return { all: async (sql, params = []) => (await conn.query(sql, params))[0], close: () => conn.end() };
}

async function loadScratchMysql(mysql, scratch, dumpFile) {
  const admin = await openMysql(mysql, mysql.database);
  try {
    await admin.all(`DROP DATABASE IF EXISTS \`${scratch}\``);
    await admin.all(`CREATE DATABASE \`${scratch}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await admin.close();
  }
  const tool = findTool(['mariadb', 'mysql']);
  await runTool(tool, [...mysqlConnectionArgs(mysql), scratch], {
    env: mysqlEnv(mysql),
    input: (stdin) => pipeline(createReadStream(dumpFile), createGunzip(), stdin),
  });
}

/** Checks a restored database against the live one; returns the lines of the report, throws on a failure. */
async function checkRestored(restored, live, snapshotTime, adminEmail) {
  const lines = [];
  const names = knownMigrations();
  const applied = (await restored.all('SELECT name FROM migrations ORDER BY id')).map((row) => row.name);
  const unknown = applied.filter((name) => !names.includes(name));
  if (unknown.length > 0)
    throw new ScriptError(`migrations: the copy has ones this code does not know: ${unknown.join(', ')}`);
  if (applied.at(-1) !== names.at(-1)) {
    throw new ScriptError(`migrations: the copy stops at ${applied.at(-1)}, the code's head is ${names.at(-1)}`);
  }
  lines.push(`migraciones al día (${applied.length})`);
  // "Within the day's changes": the live count may differ from the copy's by what changed since a day
  // before the snapshot (rows created since then; deletions are rare and as bounded).
  const since = new Date(snapshotTime.getTime() - 86_400_000);
  for (const table of COUNTED_TABLES) {
    const [{ n: copy }] = await restored.all(`SELECT COUNT(*) AS n FROM ${table}`);
    const [{ n: now }] = await live.all(`SELECT COUNT(*) AS n FROM ${table}`);
    const [{ n: recent }] = await live.all(`SELECT COUNT(*) AS n FROM ${table} WHERE created_at >= ?`, [
      live.kind === 'sqlite' ? since.toISOString().replace('T', ' ').slice(0, 23) : since,
    ]);
    if (Math.abs(Number(now) - Number(copy)) > Number(recent)) {
      throw new ScriptError(
        `${table}: the copy has ${copy} rows, the site ${now} (${recent} created since the day before the backup)`,
      );
    }
    lines.push(`${table}: ${copy}`);
  }
  const owner = await restored.all('SELECT id, email FROM users WHERE email = ?', [adminEmail]);
  if (owner.length !== 1) throw new ScriptError(`the owner's account (${adminEmail}) is not in the copy`);
  lines.push(`cuenta de ${adminEmail} legible`);
  return lines;
}

export async function drill(settings, now = () => new Date()) {
  const adminEmail = (process.env.ADMIN_EMAIL ?? '').trim().toLowerCase() || 'admin@estudio.local';
  let snapshot;
  const opened = [];
  let scratch;
  try {
    snapshot = await restoreNewest();
    const { ext } = backupKind(settings);
    const file = join(snapshot.dir, `${DATABASE_NAME}${ext}`);
    if (!existsSync(file)) throw new ScriptError(`snapshot ${snapshot.id} holds no ${DATABASE_NAME}${ext}`);
    let restored;
    let live;
    if (settings.mysql) {
      scratch = `${settings.mysql.database}_drill`;
      await loadScratchMysql(settings.mysql, scratch, file);
      restored = await openMysql(settings.mysql, scratch);
      opened.push(restored);
      live = await openMysql(settings.mysql, settings.mysql.database);
    } else {
      restored = await openSqlite(file);
      opened.push(restored);
      live = await openSqlite(settings.sqliteFile);
      live.kind = 'sqlite';
    }
    opened.push(live);
    const lines = await checkRestored(restored, live, snapshot.time, adminEmail);
    const detail = `copia ${snapshot.id} del ${snapshot.time.toISOString()}: ${lines.join('; ')}`;
    writeStatus(settings, 'restore-drill.json', { at: now().toISOString(), ok: true, detail });
    return { ok: true, detail };
  } catch (error) {
    const detail = String(error.message ?? error).slice(0, 300);
    writeStatus(settings, 'restore-drill.json', { at: now().toISOString(), ok: false, detail });
    return { ok: false, detail };
  } finally {
    for (const db of opened) await db.close().catch(() => undefined);
    if (scratch && settings.mysql) {
      const admin = await openMysql(settings.mysql, settings.mysql.database).catch(() => undefined);
      await admin?.all(`DROP DATABASE IF EXISTS \`${scratch}\``).catch(() => undefined);
      await admin?.close();
    }
    snapshot?.cleanup();
  }
}

async function main() {
  const command = process.argv[2];
  const settings = loadOffsiteSettings();
  if (command === 'backup') {
    const status = await backupOffsite(settings);
    console.log(
      `Off-site backup done: snapshot ${status.snapshot}${status.lastCheckAt ? `, last check ${status.lastCheckAt}` : ''}`,
    );
  } else if (command === 'restore') {
    await restoreOffsite(settings);
    console.log('Restored. Start the app: it runs any newer migrations at start.');
  } else if (command === 'drill') {
    const result = await drill(settings);
    console.log(`Restore drill ${result.ok ? 'passed' : 'FAILED'}: ${result.detail}`);
    if (!result.ok) process.exit(1);
  } else {
    throw new ScriptError('usage: node scripts/offsite.mjs backup | restore --yes | drill');
  }
}

runMain(import.meta.url, main);
