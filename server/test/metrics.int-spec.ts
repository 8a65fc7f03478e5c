import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FixedClock } from '../src/core/clock/clock';
import { JobRunner } from '../src/core/jobs/job-runner';
import { JobName } from '../src/jobs';
import { NotificationDelivery } from '../src/notifications/entities';
import { NotificationEventRow } from '../src/notifications/entities/notification-event.entity';
import { PaymentNotification } from '../src/payments/entities';
import { createTestApp, TestApp } from './helpers/test-app';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** One sample's value from a Prometheus text exposition, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[3] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      return match[4] === '+Inf' ? Infinity : Number(match[4]);
    }
  }
  return undefined;
}

describe('GET /metrics', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date());
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, clock });
  });
  afterAll(() => t.close());

  const scrape = async (): Promise<string> => {
    const res = await t.http().get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text;
  };

  it('should refuse a scrape without the token, or with a wrong one, with 401', async () => {
    const bare = await t.http().get('/metrics').expect(401);
    expect(bare.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(bare.body).toEqual({
      success: false,
      code: 'UNAUTHENTICATED',
      error: 'Falta el token de las métricas o no es válido.',
    });
    await t.http().get('/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
    await t.http().get('/metrics').set('Authorization', TOKEN).expect(401);
    await t.http().get('/metrics').set('Authorization', `Basic ${TOKEN}`).expect(401);
  });

  it('should count requests and their latency by route template, and 5xx errors, when scraped with the token', async () => {
    await t.http().get('/api/health').expect(200);
    await t.http().get('/api/health').expect(200);
    await t.http().get('/api/no-such-thing/12345').expect(404);
    // A database that does not answer: the health check's 503 counts as an error of its route.
    await t.dataSource.destroy();
    await t.http().get('/api/health').expect(503);
    await t.dataSource.initialize();

    const text = await scrape();
    expect(sample(text, 'pilates_http_requests_total', { route: '/api/health', status_code: '200' })).toBe(2);
    expect(sample(text, 'pilates_http_requests_total', { route: '/api/health', status_code: '503' })).toBe(1);
    expect(sample(text, 'pilates_http_request_errors_total', { method: 'GET', route: '/api/health' })).toBe(1);
    expect(sample(text, 'pilates_http_request_duration_seconds_count', { route: '/api/health' })).toBe(3);
    expect(sample(text, 'pilates_http_request_duration_seconds_bucket', { route: '/api/health', le: '+Inf' })).toBe(3);
    // The raw path of an unknown address never becomes a label.
    expect(text).not.toContain('no-such-thing');
    expect(sample(text, 'pilates_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'pilates_database_ping_seconds')).toBeGreaterThan(0);
    const disk = sample(text, 'pilates_data_disk_used_ratio') ?? -1;
    expect(disk > 0 && disk < 1).toBe(true);
    if (process.env.TEST_DATABASE_URL) {
      expect(sample(text, 'pilates_database_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    }
  });

  it('should report the outbox, the mail queue and the pending payment notifications with their age', async () => {
    const before = await scrape();
    expect(sample(before, 'pilates_outbox_pending', { channel: 'email' })).toBe(0);
    expect(sample(before, 'pilates_payment_notifications_pending')).toBe(0);

    const event = await t.dataSource.getRepository(NotificationEventRow).save({
      type: 'welcome',
      recipientUserId: null,
      recipientEmail: 'ana@test.local',
      recipientName: 'Ana',
      payload: {},
    } as unknown as NotificationEventRow);
    await t.dataSource.getRepository(NotificationDelivery).insert({
      eventId: event.id,
      channel: 'email',
      attempts: 2,
      nextAttemptAt: new Date(),
      lastError: 'SMTP caído',
    });
    await t.dataSource
      .getRepository(PaymentNotification)
      .insert({ topic: 'payment', resourceId: '999', received: 1, attempts: 0, nextAttemptAt: new Date() });
    clock.set(new Date(Date.now() + 3600_000));

    const text = await scrape();
    expect(sample(text, 'pilates_outbox_pending', { channel: 'email' })).toBe(1);
    expect(sample(text, 'pilates_outbox_pending', { channel: 'whatsapp' })).toBe(0);
    expect(sample(text, 'pilates_outbox_oldest_pending_age_seconds', { channel: 'email' })).toBeGreaterThan(3500);
    expect(sample(text, 'pilates_payment_notifications_pending')).toBe(1);
    expect(sample(text, 'pilates_payment_notifications_oldest_pending_age_seconds')).toBeGreaterThan(3500);
  });

  it("should count each job's runs and failures", async () => {
    const runner = t.app.get(JobRunner);
    await runner.run(JobName.AuthRateLimitsSweep);
    await runner.run(JobName.AuthRateLimitsSweep);
    const text = await scrape();
    expect(sample(text, 'pilates_job_runs_total', { job: JobName.AuthRateLimitsSweep })).toBe(2);
    expect(sample(text, 'pilates_job_failures_total', { job: JobName.AuthRateLimitsSweep })).toBeUndefined();
    expect(sample(text, 'pilates_job_duration_seconds_count', { job: JobName.AuthRateLimitsSweep })).toBe(2);
  });

  it("should report the off-site backup's age and the last restore drill from DATA_DIR/status", async () => {
    const before = await scrape();
    expect(sample(before, 'pilates_offsite_backup_age_seconds')).toBe(Infinity);
    expect(sample(before, 'pilates_offsite_backup_last_success_timestamp_seconds')).toBe(0);
    expect(sample(before, 'pilates_restore_drill_failed')).toBe(0);
    const status = join(t.config.dataDir, 'status');
    mkdirSync(status, { recursive: true });
    const finished = new Date(clock.now().getTime() - 30 * 3600_000);
    writeFileSync(join(status, 'offsite-backup.json'), JSON.stringify({ lastSuccessAt: finished.toISOString() }));
    writeFileSync(
      join(status, 'restore-drill.json'),
      JSON.stringify({ at: finished.toISOString(), ok: false, detail: 'x' }),
    );
    const text = await scrape();
    expect(sample(text, 'pilates_offsite_backup_age_seconds')).toBe(30 * 3600);
    expect(sample(text, 'pilates_offsite_backup_last_success_timestamp_seconds')).toBe(finished.getTime() / 1000);
    expect(sample(text, 'pilates_restore_drill_failed')).toBe(1);
    expect(sample(text, 'pilates_restore_drill_last_timestamp_seconds')).toBe(finished.getTime() / 1000);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('should not exist (404), whatever the Authorization header says', async () => {
    await t.http().get('/metrics').expect(404);
    await t.http().get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
  });
});
