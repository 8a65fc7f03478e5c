// `npm run restore -- <file> --yes`: replaces the database with a backup made by `npm run backup`.
//
//   SQLite (no DATABASE_URL): checks the file (PRAGMA integrity_check), then puts a copy in place of
//     DATA_DIR/pilates.sqlite. Stop the server first: the script refuses while another process has the
//     database open.
//   MySQL/MariaDB (DATABASE_URL=mysql://…): drops the tables of the URL's database, then feeds the
//     gunzip'd dump to mysql/mariadb. Stop the app (every replica) first.
//
// Either way the current database is first saved next to the backups as `…-before-restore-<UTC>`, with
// its photos. The backup's photos (the folder `<backup name>.photos` beside it) then replace
// DATA_DIR/photos; a backup without that folder (made before photos were backed up) leaves them.
// Without --yes (or RESTORE_CONFIRM=1) nothing is changed.
import Database from 'better-sqlite3';
import { Buffer } from 'node:buffer';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  createReadStream,
  existsSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import {
  backupKind,
  backupSqlite,
  copyPhotos,
  dumpMysql,
  findTool,
  loadSettings,
  mysqlConnectionArgs,
  mysqlEnv,
  newBackupPath,
  photosBackupPath,
  runMain,
  runTool,
  ScriptError,
} from './backup.mjs';

const USAGE = 'usage: npm run restore -- <backup file> --yes   (or RESTORE_CONFIRM=1 npm run restore -- <backup file>)';

function parseArgs(argv) {
  const files = argv.filter((arg) => !arg.startsWith('--'));
  const unknown = argv.filter((arg) => arg.startsWith('--') && arg !== '--yes');
  if (unknown.length > 0) throw new ScriptError(`unknown option ${unknown[0]}\n${USAGE}`);
  if (files.length !== 1) throw new ScriptError(`name exactly one backup file to restore\n${USAGE}`);
  // `npm run` starts scripts in the repository root; a relative path means where the operator typed it.
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), files[0]);
  if (!existsSync(file) || !statSync(file).isFile()) throw new ScriptError(`no such file: ${file}`);
  return { file, confirmed: argv.includes('--yes') || process.env.RESTORE_CONFIRM === '1' };
}

/** The photos folder beside a backup file, if there is one. */
function photosOfBackup(file) {
  const ext = ['.sql.gz', '.sqlite', '.sql'].find((candidate) => file.endsWith(candidate)) ?? '';
  const folder = photosBackupPath(file, ext);
  return existsSync(folder) && statSync(folder).isDirectory() ? folder : undefined;
}

/** Puts the backup's photos in place of DATA_DIR/photos (before the database that names them). */
async function restorePhotos(settings, file) {
  const folder = photosOfBackup(file);
  if (!folder) {
    console.log(`No photos folder beside the backup: ${settings.photosDir} is left as it is.`);
    return;
  }
  await copyPhotos(folder, settings.photosDir);
  console.log(`Photos restored from ${folder}`);
}

const startsWithGzipMagic = (file) => {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(2);
    return readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
};

/** Refuses anything but a sound SQLite database of this app. */
function checkSqliteBackup(file) {
  if (startsWithGzipMagic(file)) {
    throw new ScriptError(`${basename(file)} is a gzip'd MySQL dump; set DATABASE_URL to restore it into MySQL`);
  }
  let db;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const result = db.pragma('integrity_check', { simple: false });
    const ok = result.length === 1 && result[0].integrity_check === 'ok';
    if (!ok) throw new ScriptError(`${basename(file)} fails PRAGMA integrity_check: ${JSON.stringify(result)}`);
    const migrations = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'migrations'").get();
    if (!migrations)
      throw new ScriptError(`${basename(file)} is an SQLite file but not a backup of this app's database`);
  } catch (error) {
    if (error instanceof ScriptError) throw error;
    throw new ScriptError(`${basename(file)} is not a valid SQLite database (${error.message})`);
  } finally {
    db?.close();
  }
}

/**
 * True when another process (the server) has the database open. Closing the last connection to a
 * WAL database checkpoints and deletes its -wal file; if it is still there after ours closes, we were not last.
 */
function sqliteInUse(dbFile) {
  const db = new Database(dbFile, { fileMustExist: true, timeout: 5000 });
  db.prepare('SELECT count(*) FROM sqlite_master').get();
  db.close();
  return existsSync(`${dbFile}-wal`);
}

async function restoreSqlite(settings, file, confirmed) {
  checkSqliteBackup(file);
  const target = settings.sqliteFile;
  console.log(`Restore ${file}\n   into SQLite ${target}`);
  console.log('The server must be stopped: the database file is replaced.');
  if (!confirmed) throw new ScriptError(`this replaces the database; run again with --yes to go ahead\n${USAGE}`);
  mkdirSync(settings.dataDir, { recursive: true, mode: 0o700 });
  if (existsSync(target)) {
    if (sqliteInUse(target)) {
      throw new ScriptError(`${target} is open in another process: stop the server, then run the restore again`);
    }
    const saved = newBackupPath(settings.backupDir, 'pilates-before-restore', '.sqlite');
    await copyPhotos(settings.photosDir, photosBackupPath(saved, '.sqlite'), () => backupSqlite(target, saved));
    console.log(`Current database saved to ${saved}`);
  }
  await restorePhotos(settings, file);
  const incoming = `${target}.restoring`;
  copyFileSync(file, incoming);
  // The database holds people's data: only the server's user may read it.
  chmodSync(incoming, 0o600);
  for (const leftover of [`${target}-wal`, `${target}-shm`, `${target}-journal`]) rmSync(leftover, { force: true });
  renameSync(incoming, target);
  console.log(`Restored. Start the server: it runs any newer migrations at start.`);
}

/** Reads the whole dump before anything is dropped: a damaged .gz or a truncated dump is refused up front. */
async function checkMysqlDump(file, gzipped) {
  let head = '';
  let tail = '';
  const inspect = new Writable({
    write(chunk, _encoding, done) {
      if (head.length < 512) head += chunk.toString('utf8', 0, 512);
      tail = (tail + chunk.toString('utf8', Math.max(0, chunk.length - 512))).slice(-512);
      done();
    },
  });
  try {
    await (gzipped
      ? pipeline(createReadStream(file), createGunzip(), inspect)
      : pipeline(createReadStream(file), inspect));
  } catch (error) {
    throw new ScriptError(`${basename(file)} cannot be read: ${error.message}`);
  }
  if (!/-- (MySQL|MariaDB) dump/.test(head))
    throw new ScriptError(`${basename(file)} is not a mysqldump/mariadb-dump file`);
  if (!/-- Dump completed/.test(tail)) {
    throw new ScriptError(`${basename(file)} is incomplete (no "-- Dump completed" line at its end)`);
  }
}

const quoteIdentifier = (name) => `\`${name.replace(/`/g, '``')}\``;

async function restoreMysql(settings, file, confirmed) {
  const { mysql } = settings;
  const gzipped = startsWithGzipMagic(file);
  if (!gzipped && !/\.sql$/i.test(file)) {
    throw new ScriptError(`${basename(file)} is neither a .sql.gz dump nor a .sql file`);
  }
  await checkMysqlDump(file, gzipped);
  const client = findTool(['mariadb', 'mysql']);
  const env = mysqlEnv(mysql);
  console.log(`Restore ${file}\n   into MySQL ${mysql.label}`);
  console.log('Stop the app (every replica) first: every table of that database is dropped and reloaded.');
  if (!confirmed) throw new ScriptError(`this replaces the database; run again with --yes to go ahead\n${USAGE}`);

  const listing = await runTool(
    client,
    [
      ...mysqlConnectionArgs(mysql),
      '--batch',
      '--skip-column-names',
      '-e',
      'SELECT table_name, table_type FROM information_schema.tables WHERE table_schema = DATABASE()',
      mysql.database,
    ],
    { env },
  );
  const objects = listing
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));
  if (objects.length > 0) {
    const { prefix, ext } = backupKind(settings);
    const saved = newBackupPath(settings.backupDir, `${prefix}-before-restore`, ext);
    await copyPhotos(settings.photosDir, photosBackupPath(saved, ext), () => dumpMysql(mysql, saved));
    console.log(`Current database saved to ${saved}`);
  }
  await restorePhotos(settings, file);
  const views = objects.filter(([, type]) => type === 'VIEW').map(([name]) => quoteIdentifier(name));
  const tables = objects.filter(([, type]) => type !== 'VIEW').map(([name]) => quoteIdentifier(name));
  // Tables a newer migration added would otherwise survive an older dump and break the next start.
  const prelude = [
    'SET FOREIGN_KEY_CHECKS = 0;',
    ...(views.length ? [`DROP VIEW IF EXISTS ${views.join(', ')};`] : []),
    ...(tables.length ? [`DROP TABLE IF EXISTS ${tables.join(', ')};`] : []),
    'SET FOREIGN_KEY_CHECKS = 1;',
    '',
  ].join('\n');

  await runTool(client, [...mysqlConnectionArgs(mysql), mysql.database], {
    env,
    input: async (stdin) => {
      stdin.write(prelude);
      const source = createReadStream(file);
      // A damaged .gz fails here, and the restore with it, even if mysql took the part before the damage.
      await (gzipped ? pipeline(source, createGunzip(), stdin) : pipeline(source, stdin));
    },
  });
  console.log('Restored. Start the app: it runs any newer migrations at start.');
}

async function main() {
  const settings = loadSettings();
  const { file, confirmed } = parseArgs(process.argv.slice(2));
  if (settings.mysql) await restoreMysql(settings, file, confirmed);
  else await restoreSqlite(settings, file, confirmed);
}

runMain(import.meta.url, main);
