import { addDays } from '@pilates/dates';
import { User } from '../src/auth/entities/user.entity';
import { AuditLog } from '../src/core/audit/audit-log.entity';
import { FixedClock } from '../src/core/clock/clock';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
import { PlanEndingRemindersService } from '../src/planes/plan-ending-reminders.service';
import { adminAgent, NOW, TODAY } from './helpers/booking';
import { mailsFor } from './helpers/notifications';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Plans around the one-week window of the "your plan ends soon" mail; `due` marks those that get it. */
const PLANS = [
  { key: 'ends-in-5', end: addDays(TODAY, 5), left: 3, due: true },
  { key: 'ends-today', end: TODAY, left: 1, due: true },
  { key: 'ends-in-7', end: addDays(TODAY, 7), left: 2, due: true },
  { key: 'ends-in-8', end: addDays(TODAY, 8), left: 2, due: false },
  { key: 'ended-yesterday', end: addDays(TODAY, -1), left: 2, due: false },
  { key: 'no-classes-left', end: addDays(TODAY, 3), left: 0, due: false },
  { key: 'revoked', end: addDays(TODAY, 3), left: 2, due: false, revoked: true },
  { key: 'inactive-client', end: addDays(TODAY, 3), left: 2, due: false, inactive: true },
  { key: 'starts-later', end: addDays(TODAY, 3), left: 2, due: false, start: addDays(TODAY, 1) },
];

describe('plan-ending reminders: once per plan, claimed per row, through the mail queue', () => {
  let t: TestApp;
  let ids: Record<string, number>;
  let service: PlanEndingRemindersService;

  const mails = () => mailsFor(t);

  beforeEach(async () => {
    t = await createTestApp({ clock: new FixedClock(NOW) });
    service = t.app.get(PlanEndingRemindersService);
    ids = {};
    for (const [i, plan] of PLANS.entries()) {
      const user = await t.dataSource.manager.insert(User, {
        name: `Clienta ${plan.key}`,
        email: `fin${i}@example.com`,
        passwordHash: 'x',
        birthDate: '1990-01-01',
        role: 'user',
        active: !plan.inactive,
      });
      const inserted = await t.dataSource.manager.insert(UserPlan, {
        userId: Number(user.identifiers[0].id),
        planId: null,
        planName: 'Ocho Clases',
        classesTotal: 8,
        classesRemaining: plan.left,
        startDate: plan.start ?? addDays(TODAY, -20),
        endDate: plan.end,
        isPaid: true,
        source: 'admin',
        revokedAt: plan.revoked ? NOW : null,
      });
      ids[plan.key] = Number(inserted.identifiers[0].id);
    }
  });
  afterEach(() => t.close());

  it('should queue one Spanish mail for each plan ending within 7 days with classes left, and none on the next run', async () => {
    expect(await service.sendDue()).toBe(3);
    const queued = await mails();
    expect(queued.map((m) => m.recipient).sort()).toEqual(
      PLANS.flatMap((p, i) => (p.due ? [`fin${i}@example.com`] : [])).sort(),
    );
    const five = queued.find((m) => m.recipient === 'fin0@example.com')!;
    expect(five.subject).toBe('Te quedan 3 clases de tu plan');
    expect(five.text).toContain('Te quedan 3 clases hasta el 28 de noviembre de 2026');
    expect(queued.find((m) => m.recipient === 'fin1@example.com')!.text).toContain(
      'Te quedan 1 clase hasta el 23 de noviembre',
    );
    expect(await service.sendDue()).toBe(0);
    expect(await mails()).toHaveLength(3);
    const claimed = await t.dataSource.getRepository(UserPlan).findBy({});
    for (const plan of claimed) {
      const key = Object.keys(ids).find((k) => ids[k] === plan.id)!;
      expect({ key, claimed: plan.endingReminderSentAt !== null }).toEqual({
        key,
        claimed: PLANS.find((p) => p.key === key)!.due,
      });
    }
  });

  it('should queue each mail once when several replicas run the job at the same time', async () => {
    const counts = await Promise.all([service.sendDue(), service.sendDue(), service.sendDue()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    expect(await mails()).toHaveLength(3);
  });

  it("should let the admin send a plan's reminder once (audited), and the job then leave it alone", async () => {
    const admin = await adminAgent(t);
    const first = await admin
      .post('/api/admin/dashboard/send-reminder')
      .send({ userPlanId: ids['ends-in-5'] })
      .expect(200);
    expect(first.body).toMatchObject({ success: true, sent: true, message: 'Recordatorio enviado' });
    const again = await admin
      .post('/api/admin/dashboard/send-reminder')
      .send({ userPlanId: ids['ends-in-5'] })
      .expect(200);
    expect(again.body).toMatchObject({ success: true, sent: false, sentAt: first.body.sentAt });
    expect((await mails()).filter((m) => m.recipient === 'fin0@example.com')).toHaveLength(1);
    const audit = await t.dataSource.getRepository(AuditLog).findBy({ action: 'user_plan.remind' });
    expect(audit.map((a) => [a.entityId, a.after])).toEqual([
      [String(ids['ends-in-5']), { classes_remaining: 3, endDate: addDays(TODAY, 5) }],
    ]);
    expect(await service.sendDue()).toBe(2);
    expect((await mails()).filter((m) => m.recipient === 'fin0@example.com')).toHaveLength(1);
  });

  it('should send one mail when the admin clicks twice at once', async () => {
    const admin = await adminAgent(t);
    const answers = await Promise.all(
      [1, 2, 3].map(() => admin.post('/api/admin/dashboard/send-reminder').send({ userPlanId: ids['ends-in-7'] })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.body.sent === true)).toHaveLength(1);
    expect(await mails()).toHaveLength(1);
  });

  it('should refuse a plan that does not qualify (409) or does not exist (404), in Spanish', async () => {
    const admin = await adminAgent(t);
    for (const key of ['ends-in-8', 'ended-yesterday', 'no-classes-left', 'revoked', 'inactive-client']) {
      const res = await admin.post('/api/admin/dashboard/send-reminder').send({ userPlanId: ids[key] });
      expect({ key, status: res.status, code: res.body.code }).toEqual({ key, status: 409, code: 'PLAN_NOT_ENDING' });
    }
    const missing = await admin.post('/api/admin/dashboard/send-reminder').send({ userPlanId: 999999 }).expect(404);
    expect(missing.body.error).toBe('El plan del usuario no existe.');
    await admin.post('/api/admin/dashboard/send-reminder').send({ userPlanId: 'x' }).expect(400);
    expect(await mails()).toHaveLength(0);
  });
});
