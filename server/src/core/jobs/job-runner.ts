import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  type Type,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { AppConfig } from '../config/app-config';
import { Metrics } from '../metrics/metrics';
import { JOB_TABLE, type JobDefinition } from './job';

/**
 * Runs the app's named jobs. With JOBS_ENABLED (on by default, off under NODE_ENV=test) each gets a
 * cron timer at start, registered in SchedulerRegistry under its name; otherwise none runs by
 * itself, and tests run them when they mean to (`run(name)`, or the service's method).
 *
 * A run never throws: a failure is logged and the next tick runs as usual. An idle run logs
 * nothing. A tick is skipped while this replica's previous run of the same job is still going;
 * several replicas may run a job at once, which is safe because every job claims each item with a
 * conditional UPDATE before handling it.
 */
@Injectable()
export class JobRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly running = new Map<string, Promise<number | null>>();
  private stopped = false;

  constructor(
    @Inject(JOB_TABLE) private readonly jobs: readonly JobDefinition[],
    private readonly moduleRef: ModuleRef,
    private readonly scheduler: SchedulerRegistry,
    private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  /** The names of the app's jobs, in table order. */
  get names(): string[] {
    return this.jobs.map((job) => job.name);
  }

  onApplicationBootstrap(): void {
    if (!this.config.jobsEnabled) return;
    for (const job of this.jobs) {
      const timer = CronJob.from({ cronTime: job.schedule, onTick: () => this.tick(job.name), start: false });
      this.scheduler.addCronJob(job.name, timer);
      timer.start();
    }
  }

  /**
   * On shutdown, before the database closes: the timers stop and the runs under way finish. (The
   * schedule module deletes the registry's timers too, in no order relative to this.)
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    for (const [name, timer] of this.scheduler.getCronJobs()) {
      if (this.jobs.some((job) => job.name === name)) void timer.stop();
    }
    await Promise.allSettled([...this.running.values()]);
  }

  /**
   * Runs one job now. Resolves with how many items it handled, or null when it failed (logged).
   * Two calls at once both run: the jobs' claims keep them from handling an item twice.
   */
  async run(name: string): Promise<number | null> {
    const job = this.jobs.find((candidate) => candidate.name === name);
    if (!job) throw new Error(`No existe el trabajo «${name}»`);
    const get = <T>(type: Type<T>): T => this.moduleRef.get(type, { strict: false });
    let handled: number;
    const timer = this.metrics.jobDuration.startTimer({ job: name });
    this.metrics.jobRuns.inc({ job: name });
    try {
      handled = (await job.run(get)) ?? 0;
    } catch (error) {
      timer();
      this.metrics.jobFailures.inc({ job: name });
      this.logger.error(`El trabajo «${name}» falló: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
    timer();
    if (handled > 0) this.logger.log(`Trabajo «${name}»: ${handled}`);
    return handled;
  }

  private tick(name: string): void {
    if (this.stopped || this.running.has(name)) return;
    const run = this.run(name).finally(() => this.running.delete(name));
    this.running.set(name, run);
  }
}
