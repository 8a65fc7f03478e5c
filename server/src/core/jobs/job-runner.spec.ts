import type { ModuleRef } from '@nestjs/core';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { AppConfig } from '../config/app-config';
import { Metrics } from '../metrics/metrics';
import type { JobDefinition } from './job';
import { JobRunner } from './job-runner';

class Counter {
  calls = 0;
  result: () => Promise<number> = async () => 0;
  count(): Promise<number> {
    this.calls++;
    return this.result();
  }
}

describe('JobRunner', () => {
  const counter = new Counter();
  const jobs: JobDefinition[] = [
    { name: 'cuenta', schedule: '* * * * *', run: (get) => get(Counter).count() },
    { name: 'nocturno', schedule: '0 4 * * *', run: async () => undefined },
  ];
  const moduleRef = { get: () => counter } as unknown as ModuleRef;
  const runnerWith = (jobsEnabled: boolean, registry = new SchedulerRegistry()) =>
    new JobRunner(jobs, moduleRef, registry, { jobsEnabled } as AppConfig, new Metrics());

  let logs: jest.SpyInstance[];
  const logged = (runner: JobRunner) => {
    const logger = (runner as unknown as { logger: Record<'log' | 'warn' | 'error', () => void> }).logger;
    logs = (['log', 'warn', 'error'] as const).map((level) => jest.spyOn(logger, level).mockImplementation(() => {}));
    return { log: logs[0], warn: logs[1], error: logs[2] };
  };
  beforeEach(() => {
    counter.calls = 0;
    counter.result = async () => 0;
  });
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('should run a job by name, resolving how many items it handled, and log nothing when idle', async () => {
    const runner = runnerWith(false);
    const { log, warn, error } = logged(runner);
    expect(await runner.run('cuenta')).toBe(0);
    expect(await runner.run('nocturno')).toBe(0);
    expect(counter.calls).toBe(1);
    expect([log, warn, error].map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0]);
    counter.result = async () => 3;
    expect(await runner.run('cuenta')).toBe(3);
    expect(log).toHaveBeenCalledWith('Trabajo «cuenta»: 3');
  });

  it('should catch and log a failing run, and run the job again next time', async () => {
    const runner = runnerWith(false);
    const { error } = logged(runner);
    counter.result = async () => {
      throw new Error('la base de datos no responde');
    };
    expect(await runner.run('cuenta')).toBeNull();
    expect(error).toHaveBeenCalledWith('El trabajo «cuenta» falló: la base de datos no responde');
    counter.result = async () => 1;
    expect(await runner.run('cuenta')).toBe(1);
    await expect(runner.run('no-existe')).rejects.toThrow('No existe el trabajo «no-existe»');
  });

  it('should register no timer when jobs are disabled', () => {
    const registry = new SchedulerRegistry();
    runnerWith(false, registry).onApplicationBootstrap();
    expect(registry.getCronJobs().size).toBe(0);
  });

  it('should give each job a running timer under its name when enabled, and stop them at shutdown after the run under way', async () => {
    // The clock held mid-minute: no real tick of '* * * * *' fires during the test (on a loaded machine
    // one at a minute's turn took the run the test starts by hand). Promises and setImmediate stay real.
    jest.useFakeTimers({
      now: new Date('2026-11-23T12:00:30.000Z'),
      doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'],
    });
    const registry = new SchedulerRegistry();
    const runner = runnerWith(true, registry);
    runner.onApplicationBootstrap();
    const timers = registry.getCronJobs();
    expect([...timers.keys()]).toEqual(['cuenta', 'nocturno']);
    expect([...timers.values()].map((timer) => [timer.cronTime.source, timer.isActive])).toEqual([
      ['* * * * *', true],
      ['0 4 * * *', true],
    ]);

    // A tick while the previous run is still going is skipped; shutdown waits for that run.
    let finish!: (handled: number) => void;
    counter.result = () => new Promise<number>((resolve) => (finish = resolve));
    void timers.get('cuenta')!.fireOnTick();
    void timers.get('cuenta')!.fireOnTick();
    expect(counter.calls).toBe(1);
    let closed = false;
    const shutdown = runner.beforeApplicationShutdown().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    expect([...timers.values()].every((timer) => !timer.isActive)).toBe(true);
    finish(0);
    await shutdown;
    expect(closed).toBe(true);
    // Stopped: a late tick runs nothing.
    void timers.get('cuenta')!.fireOnTick();
    expect(counter.calls).toBe(1);
  });
});
