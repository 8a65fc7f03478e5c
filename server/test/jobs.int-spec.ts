import { CronExpression, SchedulerRegistry } from '@nestjs/schedule';
import { JobRunner } from '../src/core/jobs/job-runner';
import { JOBS, JobName } from '../src/jobs';
import { createTestApp, type TestApp } from './helpers/test-app';

/** The named jobs (server/src/jobs.ts): timers only where the configuration asks for them. */
describe('named jobs', () => {
  it('should register no timer of any kind in an app made by createTestApp', async () => {
    const t = await createTestApp();
    try {
      const registry = t.app.get(SchedulerRegistry);
      expect(registry.getCronJobs().size).toBe(0);
      expect(registry.getIntervals()).toEqual([]);
      expect(registry.getTimeouts()).toEqual([]);
      // The jobs are still there to be run by hand.
      expect(t.app.get(JobRunner).names).toEqual(Object.values(JobName));
    } finally {
      await t.close();
    }
  });

  describe('with the timers on (JOBS_ENABLED=1, the default outside tests)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { JOBS_ENABLED: '1' } });
    });
    afterAll(() => t?.close());

    it('should register exactly the named jobs, each with its schedule, running', () => {
      const timers = t.app.get(SchedulerRegistry).getCronJobs();
      expect([...timers.keys()].sort()).toEqual(Object.values(JobName).sort());
      expect(Object.fromEntries([...timers].map(([name, timer]) => [name, timer.cronTime.source]))).toEqual({
        'waitlist-cutoff': CronExpression.EVERY_MINUTE,
        'class-reminders': CronExpression.EVERY_10_MINUTES,
        'plan-ending-reminders': CronExpression.EVERY_HOUR,
        'payment-notifications': CronExpression.EVERY_MINUTE,
        'reconcile-payments': CronExpression.EVERY_5_MINUTES,
        'recheck-approved-payments': CronExpression.EVERY_DAY_AT_4AM,
        'notifications-delivery': CronExpression.EVERY_MINUTE,
        'auth-rate-limits-sweep': CronExpression.EVERY_HOUR,
        'sqlite-optimize': CronExpression.EVERY_HOUR,
        'spot-holds': CronExpression.EVERY_MINUTE,
        'no-shows': CronExpression.EVERY_10_MINUTES,
        'intro-followups': CronExpression.EVERY_30_MINUTES,
        'gift-card-delivery': CronExpression.EVERY_10_MINUTES,
        invoices: CronExpression.EVERY_MINUTE,
        'global-invoice': CronExpression.EVERY_HOUR,
        'operations-alerts': CronExpression.EVERY_10_MINUTES,
        'membership-pauses': CronExpression.EVERY_30_MINUTES,
      });
      expect([...timers.values()].every((timer) => timer.isActive)).toBe(true);
      expect(JOBS.map((job) => job.name)).toEqual(Object.values(JobName));
    });

    it('should run every job of the table on the app, with nothing to do', async () => {
      const runner = t.app.get(JobRunner);
      const handled = await Promise.all(Object.values(JobName).map((name) => runner.run(name)));
      expect(handled).toEqual(Object.values(JobName).map(() => 0));
    });
  });
});
