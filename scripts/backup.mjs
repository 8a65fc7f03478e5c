// `npm run backup`: a consistent copy of the database into BACKUP_DIR, keeping the last BACKUP_KEEP.
// Beside each backup file, a folder `<backup name>.photos` holds DATA_DIR/photos as it was (the
// instructors' photos: files never changed once written, so hard links where the file system allows).
//
//   SQLite (no DATABASE_URL): better-sqlite3's online backup API, safe while the server runs.
//   MySQL/MariaDB (DATABASE_URL=mysql://…): mysqldump/mariadb-dump --single-transaction, gzip'd.
//
// Settings come from the environment or a `.env` file in the current folder, like the server:
// DATA_DIR (default ./data), DATABASE_URL, BACKUP_DIR (default DATA_DIR/backups), BACKUP_KEEP (default 14).
// The database password is handed to the MySQL tools in MYSQL_PWD, never on their command line.
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  constants,
  copyFileSync,
  createWriteStream,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { createGzip } from 'node:zlib';

export const SQLITE_FILE = 'pilates.sqlite';
/** In DATA_DIR: the uploaded photos (server/src/instructors/photo-store.ts writes photos/instructors). */
export const PHOTOS_FOLDER = 'photos';
/** Beside a backup file, the folder with its photos. */
export const PHOTOS_SUFFIX = '.photos';
const SQLITE_PREFIX = 'pilates';

/** A problem the operator must fix: printed as one line, exit code 1, no stack trace. */
export class ScriptError extends Error {}

/** The settings both scripts share, validated. */
export function loadSettings(env = process.env) {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const dataDir = resolve((env.DATA_DIR ?? '').trim() || './data');
  const databaseUrl = (env.DATABASE_URL ?? '').trim() || undefined;
  if (databaseUrl && !/^mysql:\/\/.+/.test(databaseUrl)) {
    throw new ScriptError('DATABASE_URL must start with mysql:// (or be empty for the SQLite file in DATA_DIR)');
  }
  const keepText = (env.BACKUP_KEEP ?? '').trim() || '14';
  if (!/^\d+$/.test(keepText) || Number(keepText) < 1) {
    throw new ScriptError(`BACKUP_KEEP must be a whole number of at least 1 (got "${keepText}")`);
  }
  return {
    dataDir,
    sqliteFile: join(dataDir, SQLITE_FILE),
    photosDir: join(dataDir, PHOTOS_FOLDER),
    backupDir: resolve((env.BACKUP_DIR ?? '').trim() || join(dataDir, 'backups')),
    keep: Number(keepText),
    mysql: databaseUrl ? parseMysqlUrl(databaseUrl) : undefined,
  };
}

/** Connection settings of a mysql:// URL; the password is kept apart so it is never printed. */
export function parseMysqlUrl(text) {
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new ScriptError('DATABASE_URL is not a valid URL (expected mysql://user:password@host:3306/database)');
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database || database.includes('/')) {
    throw new ScriptError('DATABASE_URL must name the database, e.g. mysql://user:password@host:3306/pilates');
  }
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1',
    port: url.port || '3306',
    user: decodeURIComponent(url.username) || 'root',
    password: url.password ? decodeURIComponent(url.password) : undefined,
    database,
    /** For messages: user@host:port/database, no password. */
    label: `${decodeURIComponent(url.username) || 'root'}@${url.host}/${database}`,
  };
}

/** Arguments every MySQL tool gets; TCP like the server's driver, even for "localhost". */
export const mysqlConnectionArgs = (mysql) => [
  `--host=${mysql.host}`,
  `--port=${mysql.port}`,
  `--user=${mysql.user}`,
  '--protocol=TCP',
  '--default-character-set=utf8mb4',
];

/** The tools' environment: the password in MYSQL_PWD (read by mysql, mysqldump and the MariaDB ones). */
export const mysqlEnv = (mysql) =>
  mysql.password === undefined ? { ...process.env } : { ...process.env, MYSQL_PWD: mysql.password };

/** The first of `names` found on PATH. */
export function findTool(names) {
  for (const name of names) {
    for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
      const candidate = join(dir, name);
      try {
        accessSync(candidate, constants.X_OK);
        if (statSync(candidate).isFile()) return candidate;
      } catch {
        // not here
      }
    }
  }
  throw new ScriptError(`${names.join(' or ')} not found on PATH: install the MySQL or MariaDB client tools`);
}

/**
 * Runs a tool to completion; resolves with its stdout, rejects with a one-line error naming it.
 * `stdout`: a stream to pipe its output into instead; `input(stdin)`: feeds it and returns a promise.
 */
export async function runTool(command, args, { env, input, stdout } = {}) {
  const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  if (stdout) child.stdout.pipe(stdout);
  else child.stdout.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolveExit, reject) => {
    child.on('error', (error) => reject(new ScriptError(`${command}: ${error.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolveExit(output) : reject(new ScriptError(`${command} failed (exit code ${code})`)),
    );
  });
  if (!input) {
    child.stdin.end();
    return exited;
  }
  const fed = input(child.stdin);
  // The tool's own failure explains more than the broken pipe it causes.
  const [exit, feeding] = await Promise.allSettled([exited, fed]);
  if (exit.status === 'rejected') throw exit.reason;
  if (feeding.status === 'rejected') throw new ScriptError(`feeding ${command} failed: ${feeding.reason.message}`);
  return exit.value;
}

/** 20260115T031500Z: sorts like the time it names. */
export const utcStamp = (date = new Date()) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** Regular backups of one kind: `<prefix>-<UTC stamp><ext>`; other files in the folder are never touched. */
const backupPattern = (prefix, ext) =>
  new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d{8}T\\d{6}Z${ext.replace(/\./g, '\\.')}$`);

/** A new file name in the backup folder; refuses to overwrite one (two backups in the same second). */
export function newBackupPath(backupDir, prefix, ext, date = new Date()) {
  // Backups hold personal data and password hashes: readable by their owner only.
  mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  const file = join(backupDir, `${prefix}-${utcStamp(date)}${ext}`);
  if (existsSync(file)) throw new ScriptError(`${file} already exists; try again in a second`);
  return file;
}

/** Deletes all but the newest `keep` regular backups of one kind; returns the removed paths. */
export function rotate(backupDir, prefix, ext, keep) {
  const pattern = backupPattern(prefix, ext);
  const backups = readdirSync(backupDir)
    .filter((name) => pattern.test(name))
    .sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep)).map((name) => join(backupDir, name));
  for (const file of removed) {
    rmSync(file, { force: true });
    rmSync(photosBackupPath(file, ext), { recursive: true, force: true });
  }
  return removed;
}

/** The photos folder of a backup file: its name without the extension, then `.photos`. */
export const photosBackupPath = (file, ext) =>
  `${file.endsWith(ext) ? file.slice(0, -ext.length) : file}${PHOTOS_SUFFIX}`;

/**
 * Adds to the folder `to` every file of `from` (every level) that it lacks. A photo file is never
 * changed after it is written, so a hard link is a copy that costs no space; across file systems
 * it is copied. No `from`: nothing to add.
 */
function addFiles(from, to) {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  if (!existsSync(from)) return;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    // Half-written files of an upload in progress are not photos yet.
    if (entry.name.endsWith('.partial')) continue;
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) addFiles(source, target);
    else if (entry.isFile() && !existsSync(target)) {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
        chmodSync(target, 0o600);
      }
    }
  }
}

/**
 * Copies the photos folder `source` to `target` (which it replaces): written as `<target>.partial`
 * with `during()` run in between, then renamed. Files added while `during()` ran (a photo uploaded
 * while the database was copied, and so maybe named by the copy) are added after it.
 */
export async function copyPhotos(source, target, during = async () => undefined) {
  const partial = `${target}.partial`;
  rmSync(partial, { recursive: true, force: true });
  try {
    addFiles(source, partial);
    await during();
    addFiles(source, partial);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error instanceof ScriptError ? error : new ScriptError(`copying the photos failed: ${error.message}`);
  }
  rmSync(target, { recursive: true, force: true });
  renameSync(partial, target);
}

/** Online copy of the SQLite database (consistent even while the server writes), as a single-file DB. */
export async function backupSqlite(sourceFile, targetFile) {
  if (!existsSync(sourceFile)) {
    throw new ScriptError(`no SQLite database at ${sourceFile}: check DATA_DIR (or set DATABASE_URL for MySQL)`);
  }
  const partial = `${targetFile}.partial`;
  const source = new Database(sourceFile, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    await source.backup(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw new ScriptError(`SQLite backup failed: ${error.message}`);
  } finally {
    source.close();
  }
  // The copy keeps the server's WAL mode; a backup is one self-contained file instead.
  const copy = new Database(partial, { fileMustExist: true });
  copy.pragma('journal_mode = DELETE');
  copy.close();
  chmodSync(partial, 0o600);
  renameSync(partial, targetFile);
}

/** mysqldump (or mariadb-dump) of one database, gzip'd, with no CREATE DATABASE/USE: restorable into any schema. */
export async function dumpMysql(mysql, targetFile) {
  const tool = findTool(['mariadb-dump', 'mysqldump']);
  const args = [
    ...mysqlConnectionArgs(mysql),
    '--single-transaction',
    '--routines',
    '--triggers',
    '--no-tablespaces',
    '--hex-blob',
  ];
  // Oracle's mysqldump writes SET @@GLOBAL.GTID_PURGED on GTID servers, which a restore elsewhere cannot run.
  if (!tool.endsWith('mariadb-dump')) {
    const version = await runTool(tool, ['--version'], { env: process.env }).catch(() => '');
    if (version && !/mariadb/i.test(version)) args.push('--set-gtid-purged=OFF');
  }
  args.push(mysql.database);
  const partial = `${targetFile}.partial`;
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
  try {
    await Promise.all([runTool(tool, args, { env: mysqlEnv(mysql), stdout: gzip }), written]);
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    rmSync(partial, { force: true });
    throw error instanceof ScriptError ? error : new ScriptError(`MySQL backup failed: ${error.message}`);
  }
  renameSync(partial, targetFile);
}

/** The backup kind of the configured database: file prefix and extension. */
export const backupKind = (settings) =>
  settings.mysql ? { prefix: settings.mysql.database, ext: '.sql.gz' } : { prefix: SQLITE_PREFIX, ext: '.sqlite' };

/** Writes one backup of the configured database and, beside it, of the photos; returns its path. */
export async function writeBackup(settings, file) {
  const { ext } = backupKind(settings);
  await copyPhotos(settings.photosDir, photosBackupPath(file, ext), async () => {
    if (settings.mysql) await dumpMysql(settings.mysql, file);
    else await backupSqlite(settings.sqliteFile, file);
  });
  return file;
}

const formatSize = (bytes) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;

async function main() {
  const settings = loadSettings();
  const { prefix, ext } = backupKind(settings);
  const source = settings.mysql ? `MySQL ${settings.mysql.label}` : `SQLite ${settings.sqliteFile}`;
  console.log(`Backing up ${source}`);
  const file = await writeBackup(settings, newBackupPath(settings.backupDir, prefix, ext));
  console.log(`Backup written: ${file} (${formatSize(statSync(file).size)})`);
  console.log(`Photos copied: ${photosBackupPath(file, ext)}`);
  const removed = rotate(settings.backupDir, prefix, ext, settings.keep);
  if (removed.length === 0) console.log(`Keeping the newest ${settings.keep}; none removed.`);
  else {
    console.log(`Keeping the newest ${settings.keep}; removed ${removed.length} older:`);
    for (const old of removed) console.log(`  ${old}`);
  }
}

/** Runs `main` when the file is the script node was started with; problems become one line and exit code 1. */
export function runMain(importMetaUrl, mainFunction) {
  if (!process.argv[1] || importMetaUrl !== pathToFileURL(resolve(process.argv[1])).href) return;
  mainFunction().catch((error) => {
    console.error(error instanceof ScriptError ? `Error: ${error.message}` : error);
    process.exit(1);
  });
}

runMain(import.meta.url, main);
