import { AuthRateLimitRepository } from '../src/auth/auth-rate-limit.repository';
import { FixedClock } from '../src/core/clock/clock';
import { createTestApp, TestApp } from './helpers/test-app';
import { createTestDatabase } from './helpers/test-database';

const login = (t: TestApp, n: number) =>
  t
    .agent()
    .post('/api/auth/login')
    .send({ email: `nadie${n}@example.com`, password: 'whatever1' })
    .then((res) => res.status);

describe('per-address auth limit kept in the database', () => {
  it('should count two replicas on one database together: the limit holds for the studio, not per process', async () => {
    const database = await createTestDatabase();
    const env = { AUTH_RATE_LIMIT: '4' };
    const a = await createTestApp({ env, database });
    const b = await createTestApp({ env, database, dataDir: a.config.dataDir });
    try {
      const statuses = [await login(a, 1), await login(b, 2), await login(a, 3), await login(b, 4)];
      expect(statuses).toEqual([401, 401, 401, 401]);
      // Fifth attempt: over the limit on either replica, though each has seen only two.
      expect(await login(a, 5)).toBe(429);
      expect(await login(b, 6)).toBe(429);
    } finally {
      await b.close();
      await a.close();
      await database.drop();
    }
  });

  it('should let exactly AUTH_RATE_LIMIT of 20 simultaneous attempts through', async () => {
    const t = await createTestApp({ env: { AUTH_RATE_LIMIT: '5' } });
    try {
      const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => login(t, i)));
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    } finally {
      await t.close();
    }
  });

  it('should open a new window a minute after the first attempt, and sweep windows that ended over an hour ago', async () => {
    const clock = new FixedClock(new Date('2026-03-02T15:00:00Z'));
    const t = await createTestApp({ env: { AUTH_RATE_LIMIT: '2' }, clock });
    try {
      expect([await login(t, 1), await login(t, 2), await login(t, 3)]).toEqual([401, 401, 429]);
      clock.set(new Date('2026-03-02T15:00:59Z'));
      expect(await login(t, 4)).toBe(429);
      clock.set(new Date('2026-03-02T15:01:00.001Z'));
      expect([await login(t, 5), await login(t, 6), await login(t, 7)]).toEqual([401, 401, 429]);

      const rows = () => t.dataSource.query('SELECT bucket FROM auth_rate_limits');
      const sweep = t.app.get(AuthRateLimitRepository);
      clock.set(new Date('2026-03-02T16:00:00Z'));
      await sweep.deleteEnded();
      expect(await rows()).toHaveLength(1);
      clock.set(new Date('2026-03-02T16:03:00Z'));
      await sweep.deleteEnded();
      expect(await rows()).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
