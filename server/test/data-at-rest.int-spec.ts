import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQLITE_FILE } from '../src/core/database/data-source-options';
import { outboxCount, readOutboxMail, registerUser } from './helpers/accounts';
import { createTestApp, TestApp } from './helpers/test-app';

const modeOf = (path: string): string => (statSync(path).mode & 0o777).toString(8);

describe('data at rest', () => {
  let parent: string;
  let dataDir: string;
  let t: TestApp;

  beforeAll(async () => {
    parent = mkdtempSync(join(tmpdir(), 'pilates-perms-'));
    dataDir = join(parent, 'data');
    // A data folder and database left world-readable by an older version.
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(join(dataDir, 'jwt-secret'), 'x'.repeat(48), { mode: 0o600 });
    t = await createTestApp({ dataDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(parent, { recursive: true, force: true });
  });

  it('should keep DATA_DIR 0700, and the SQLite database with its WAL and SHM files 0600', async () => {
    await registerUser(t, { email: 'permisos@example.com' });
    expect(modeOf(dataDir)).toBe('700');
    if (t.config.databaseUrl) return; // MySQL keeps its data elsewhere.
    const db = join(dataDir, SQLITE_FILE);
    expect(modeOf(db)).toBe('600');
    for (const companion of [`${db}-wal`, `${db}-shm`]) {
      expect(existsSync(companion)).toBe(true);
      expect(modeOf(companion)).toBe('600');
    }
  });

  it('should write the mail outbox as a 0700 folder of 0600 files', async () => {
    const before = await outboxCount(t);
    await t.agent().post('/api/forgot-password').send({ email: 'permisos@example.com' }).expect(200);
    await readOutboxMail(t, before + 1);
    const outbox = join(dataDir, 'outbox');
    expect(modeOf(outbox)).toBe('700');
    const files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(modeOf(join(outbox, file))).toBe('600');
  });
});

describe('data at rest: an SQLite file left 0644 by an older version', () => {
  it('should be tightened to 0600 at start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pilates-perms-old-'));
    const db = join(dataDir, SQLITE_FILE);
    writeFileSync(db, '');
    chmodSync(db, 0o644);
    const t = await createTestApp({ dataDir });
    try {
      if (!t.config.databaseUrl) expect(modeOf(db)).toBe('600');
      expect(modeOf(dataDir)).toBe('700');
    } finally {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
