import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FixedClock } from '../src/core/clock/clock';
import { adminAgent, NOW, TODAY } from './helpers/booking';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The dashboard's backup lines: the restore drill and the off-site backup run outside the app and
 * leave DATA_DIR/status/restore-drill.json and offsite-backup.json, which POST /api/admin/dashboard reads.
 */
describe('owner dashboard: the last restore drill and off-site backup', () => {
  let t: TestApp;
  let statusDir: string;
  const period = { from: TODAY, to: TODAY };

  const write = (name: string, value: unknown) => writeFileSync(join(statusDir, name), JSON.stringify(value));
  const dashboard = async () =>
    (await (await adminAgent(t)).post('/api/admin/dashboard').send(period).expect(200)).body;

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(NOW) });
    statusDir = join(t.config.dataDir, 'status');
  });
  afterAll(() => t.close());
  beforeEach(() => {
    rmSync(statusDir, { recursive: true, force: true });
    mkdirSync(statusDir, { recursive: true });
  });

  it('answers null for both when no drill and no off-site backup ever ran', async () => {
    const body = await dashboard();
    expect(body.restoreDrill).toBeNull();
    expect(body.offsiteBackup).toBeNull();
  });

  it('answers a passed drill with when it ran and what it checked', async () => {
    const detail = 'copia 1a2b3c4d del 2026-12-03T09:00:00Z: migraciones al día (40); users: 12; cuenta legible';
    write('restore-drill.json', { at: '2026-12-03T17:05:00.000Z', ok: true, detail });
    expect((await dashboard()).restoreDrill).toEqual({ at: '2026-12-03T17:05:00.000Z', ok: true, detail });
  });

  it('answers a failed drill with its reason', async () => {
    write('restore-drill.json', {
      at: '2026-12-03T17:05:00.000Z',
      ok: false,
      detail: 'users: the copy has 3 rows, the site 90',
    });
    expect((await dashboard()).restoreDrill).toEqual({
      at: '2026-12-03T17:05:00.000Z',
      ok: false,
      detail: 'users: the copy has 3 rows, the site 90',
    });
  });

  it('answers null for a drill file that is half written or not a drill result, never a 500', async () => {
    writeFileSync(join(statusDir, 'restore-drill.json'), '{"at": "2026-12-03T17:0');
    expect((await dashboard()).restoreDrill).toBeNull();
    write('restore-drill.json', { at: 'ayer', ok: 'sí' });
    expect((await dashboard()).restoreDrill).toBeNull();
  });

  it('answers the newest off-site backup and a failure that came after it', async () => {
    write('offsite-backup.json', {
      lastSuccessAt: '2026-12-03T09:10:00.000Z',
      lastCheckAt: null,
      lastFailureAt: null,
      lastError: null,
    });
    expect((await dashboard()).offsiteBackup).toEqual({
      lastSuccessAt: '2026-12-03T09:10:00.000Z',
      lastFailureAt: null,
    });
    write('offsite-backup.json', {
      lastSuccessAt: '2026-12-03T09:10:00.000Z',
      lastFailureAt: '2026-12-04T09:10:00.000Z',
      lastError: 'restic failed',
    });
    expect((await dashboard()).offsiteBackup).toEqual({
      lastSuccessAt: '2026-12-03T09:10:00.000Z',
      lastFailureAt: '2026-12-04T09:10:00.000Z',
    });
  });
});
