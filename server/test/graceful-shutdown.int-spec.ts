import { Controller, Get, Module } from '@nestjs/common';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { Public } from '../src/core/auth/auth.decorators';
import { SchedulerRegistry } from '@nestjs/schedule';
import { DRAINING_MESSAGE, gracefulShutdown } from '../src/core/http/graceful-shutdown';
import { User } from '../src/auth/entities/user.entity';
import { JobName } from '../src/jobs';
import { WaitlistService } from '../src/reservations/waitlist.service';
import { createTestApp, TestApp } from './helpers/test-app';

/** A request the test holds in flight until it opens the gate; it then reads the database. */
let openGate: () => void = () => undefined;
let entered: () => void = () => undefined;

@Controller('probe')
class SlowController {
  constructor(private readonly dataSource: DataSource) {}

  @Public() @Get('slow') async slow() {
    entered();
    await new Promise<void>((resolve) => (openGate = resolve));
    return { success: true, users: await this.dataSource.getRepository(User).count() };
  }
}

@Module({ controllers: [SlowController] })
class SlowModule {}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const get = (port: number, path: string, agent: Agent) =>
  new Promise<Answer>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });

describe('graceful shutdown (SIGTERM)', () => {
  let t: TestApp;
  let port: number;
  let agent: Agent;

  beforeEach(async () => {
    t = await createTestApp({ extraModules: [SlowModule] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    // Keep-alive, as browsers and load balancers connect: the connections stay open between requests.
    agent = new Agent({ keepAlive: true, maxSockets: 10 });
  });

  afterEach(async () => {
    agent.destroy();
    await t.close();
  });

  /** Sends the slow request and returns once its handler runs, with the answer still to come. */
  const holdSlowRequest = async () => {
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    const answer = get(port, '/api/probe/slow', agent);
    answer.catch(() => undefined);
    await inHandler;
    return { answer };
  };

  it('should finish the request in flight with the database still open, then close the database, without waiting for idle keep-alive connections', async () => {
    // One idle keep-alive connection (its request already answered) and one request in flight.
    expect((await get(port, '/api/health', agent)).status).toBe(200);
    const slow = (await holdSlowRequest()).answer;

    const started = Date.now();
    let finished = false;
    const closing = gracefulShutdown(t.app, 30_000)().then((result) => {
      finished = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(finished).toBe(false);
    // No new connection is accepted while the request in flight finishes.
    await expect(get(port, '/api/health', new Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(t.dataSource.isInitialized).toBe(true);

    openGate();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ success: true, users: 1 });
    expect(answer.headers.connection).toBe('close');

    await expect(closing).resolves.toBe('clean');
    // Far below Fastify's 72 s keep-alive timeout: the kept-alive connections did not hold it open.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(t.dataSource.isInitialized).toBe(false);
  });

  it('should cut a request that outlives the grace period and still close the database', async () => {
    const slow = (await holdSlowRequest()).answer;
    const result = await gracefulShutdown(t.app, 500)();
    expect(result).toBe('forced');
    await expect(slow).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(t.dataSource.isInitialized).toBe(false);
    openGate();
  });

  it('should keep serving while it drains, with /api/health at 503 and every answer closing its connection, then stop', async () => {
    expect((await get(port, '/api/health', agent)).status).toBe(200);
    const started = Date.now();
    let finished = false;
    const closing = gracefulShutdown(t.app, 5_000, 1_000)().then((result) => {
      finished = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));

    const health = await get(port, '/api/health', new Agent());
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toEqual({ success: false, error: DRAINING_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
    // Other requests are still answered, new connections too, each closing its connection after it.
    const page = await get(port, '/api/planes/get-planes', new Agent());
    expect(page.status).toBe(200);
    expect(page.headers.connection).toBe('close');
    const kept = await get(port, '/api/planes/get-planes', agent);
    expect(kept.status).toBe(200);
    expect(kept.headers.connection).toBe('close');
    expect(finished).toBe(false);
    expect(t.dataSource.isInitialized).toBe(true);

    await expect(closing).resolves.toBe('clean');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    await expect(get(port, '/api/health', new Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(t.dataSource.isInitialized).toBe(false);
  });

  it('should run one shutdown when the signal comes twice', async () => {
    const shutdown = gracefulShutdown(t.app, 5_000);
    const [first, second] = await Promise.all([shutdown(), shutdown()]);
    expect([first, second]).toEqual(['clean', 'clean']);
    expect(t.dataSource.isInitialized).toBe(false);
  });
});

describe("graceful shutdown (SIGTERM) with the named jobs' timers on", () => {
  it('should stop every job timer and let the job run under way finish before the database closes', async () => {
    const t = await createTestApp({ env: { JOBS_ENABLED: '1' } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const timers = [...t.app.get(SchedulerRegistry).getCronJobs().values()];
      expect(timers).toHaveLength(Object.values(JobName).length);
      expect(timers.every((timer) => timer.isActive)).toBe(true);

      // A tick of the waitlist job, held in the middle of its run.
      let finishRun!: () => void;
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const waitlist = t.app.get(WaitlistService);
      jest.spyOn(waitlist, 'closeAtCutoff').mockImplementation(async () => {
        started();
        await new Promise<void>((resolve) => (finishRun = resolve));
        return t.dataSource.getRepository(User).count();
      });
      void t.app.get(SchedulerRegistry).getCronJob(JobName.WaitlistCutoff).fireOnTick();
      await running;

      let finished = false;
      const closing = gracefulShutdown(t.app, 30_000)().then((result) => {
        finished = true;
        return result;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(finished).toBe(false);
      expect(timers.every((timer) => !timer.isActive)).toBe(true);
      expect(t.dataSource.isInitialized).toBe(true);

      finishRun();
      await expect(closing).resolves.toBe('clean');
      expect(t.dataSource.isInitialized).toBe(false);
      expect(timers.every((timer) => !timer.isActive)).toBe(true);
    } finally {
      jest.restoreAllMocks();
      await t.close();
    }
  });
});
