import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';

/** In DATA_DIR: the first admin's generated password (the seed writes it), readable by the server's user only. */
export const GENERATED_ADMIN_PASSWORD_FILE = 'admin-password.txt';

/** Only the server's own user may read DATA_DIR: the database, the JWT secret, mails, backups. */
export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

/** Creates DATA_DIR (or a folder inside it) as 0700, and tightens one made earlier with a looser mode. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });
  chmodSync(dir, DATA_DIR_MODE);
}

/**
 * The SQLite file is created 0600 before the driver opens it: SQLite gives its -wal and -shm
 * files the database file's mode. Files left by an older version are tightened too.
 */
export function preparePrivateSqliteFile(dataDir: string, fileName: string): string {
  ensurePrivateDir(dataDir);
  const file = join(dataDir, fileName);
  if (!existsSync(file)) closeSync(openSync(file, 'a', DATA_FILE_MODE));
  for (const path of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    if (existsSync(path)) chmodSync(path, DATA_FILE_MODE);
  }
  return file;
}
