import { UserPlan } from '../src/planes/entities/user-plan.entity';
import { adminAgent, givePlan, newClient } from './helpers/booking';
import { createTestApp, TestApp } from './helpers/test-app';

describe("a client's plans (informacion/get-planes)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("should list the caller's plans newest first, five per page", async () => {
    const { agent, user } = await newClient(t);
    const ids = [];
    for (let i = 1; i <= 6; i++) ids.push(await givePlan(t, user.id, { classes: i, name: `Plan ${i}` }));
    await t.dataSource.getRepository(UserPlan).update({ id: ids[0] }, { isPaid: false });

    const first = await agent.post('/api/informacion/get-planes').send({ pagination: 1, limit: 5 }).expect(200);
    expect(first.body.planes.map((p: { plan: string }) => p.plan)).toEqual([
      'Plan 6',
      'Plan 5',
      'Plan 4',
      'Plan 3',
      'Plan 2',
    ]);
    expect(first.body.planes[0]).toEqual({
      id: ids[5],
      plan: 'Plan 6',
      classes_remaining: 6,
      classes_total: 6,
      startDate: '2026-11-23',
      endDate: '2026-12-22',
      is_paid: 1,
      revoked: false,
      membership: false,
    });
    expect(first.body.pagination).toEqual({ currentPage: 1, totalPages: 2, totalRecords: 6 });
    const second = await agent.post('/api/informacion/get-planes').send({ pagination: 2 }).expect(200);
    expect(second.body.planes).toEqual([expect.objectContaining({ plan: 'Plan 1', is_paid: 0 })]);
  });

  it("should refuse another user's plans to a client, show them to an admin, and need a session", async () => {
    const ana = await newClient(t);
    const beto = await newClient(t);
    await givePlan(t, beto.user.id, { classes: 4 });
    const refused = await ana.agent.post('/api/informacion/get-planes').send({ id: beto.user.id }).expect(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    const admin = await adminAgent(t);
    const res = await admin.post('/api/informacion/get-planes').send({ id: beto.user.id }).expect(200);
    expect(res.body.planes).toHaveLength(1);
    await t.agent().post('/api/informacion/get-planes').send({}).expect(401);
    await ana.agent.post('/api/informacion/get-planes').send({ limit: 500 }).expect(400);
  });
});
