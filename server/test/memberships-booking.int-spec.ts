import { addDays } from '@pilates/dates';
import { AuditLog } from '../src/core/audit/audit-log.entity';
import { FixedClock } from '../src/core/clock/clock';
import { NotificationEventRow } from '../src/notifications/entities/notification-event.entity';
import { MembershipAccountService } from '../src/payments/membership-account.service';
import { Membership } from '../src/payments/entities/membership.entity';
import { PaymentNotificationsService } from '../src/payments/payment-notifications.service';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
import { Reservation } from '../src/reservations/entities/reservation.entity';
import { loginAs } from './helpers/accounts';
import { adminAgent, givePlan, NEXT_MONDAY, NOW, newClient, scheduleAt } from './helpers/booking';
import { parseIcs } from './helpers/ical';
import { CHECKOUT_ENV, FakeMercadoPago, MP_TEST_SECRET, notifyWebhook } from './helpers/mercadopago';
import { mailsFor } from './helpers/notifications';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

/** Membresía 3 por semana at $1,200: with the 4 % + $4 commission, $1,252 a month. */
const MONTHLY_MXN = 1252;
/** A member from NOW (Monday 2026-11-23): paid through 2026-12-22, books until 2027-01-22. */
const PAID_THROUGH = '2026-12-22';
const BOOKABLE_UNTIL = '2027-01-22';
/** The studio week after NOW's: Monday 2026-11-30 … Sunday 2026-12-06. */
const WEEK_END = addDays(NEXT_MONDAY, 6);

describe('booking with a membership: by the week, within its horizon, pauses, cancellation and grace', () => {
  let t: TestApp;
  let admin: Agent;
  const clock = new FixedClock(NOW);
  const mp = new FakeMercadoPago();
  let weeklyPlanId: number;
  let unlimitedPlanId: number;
  let chargeSequence = 8_000_000_000;
  /** The seeded weekday classes (Monday–Friday, six a day), as schedule ids with their weekday. */
  let weekdayClasses: { id: number; weekday: number }[];

  beforeAll(async () => {
    mp.install();
    t = await createTestApp({ clock, env: CHECKOUT_ENV });
    admin = await adminAgent(t);
    weeklyPlanId = (
      await admin
        .post('/api/planes/catalogo/add')
        .send({ name: 'Membresía 3 por semana', price: 1200, kind: 'membership', weeklyLimit: 3 })
        .expect(201)
    ).body.plan.id;
    unlimitedPlanId = (
      await admin
        .post('/api/planes/catalogo/add')
        .send({ name: 'Membresía ilimitada', price: 1800, kind: 'membership' })
        .expect(201)
    ).body.plan.id;
    const schedules = await t.dataSource.query('SELECT id, weekday FROM schedules WHERE weekday <= 5 ORDER BY id');
    weekdayClasses = (schedules as { id: unknown; weekday: unknown }[]).map((s) => ({
      id: Number(s.id),
      weekday: Number(s.weekday),
    }));
  });
  afterAll(async () => {
    await t.close();
    mp.uninstall();
  });
  afterEach(async () => {
    clock.set(NOW);
    mp.failWith = null;
  });

  const settled = () => t.app.get(PaymentNotificationsService).settled();
  const notify = async (dataId: string, type: string) => {
    await notifyWebhook(t, dataId, { secret: MP_TEST_SECRET, ts: clock.now().getTime(), at: clock.now(), type }).expect(
      200,
    );
    await settled();
  };
  const membershipOf = (userId: number) =>
    t.dataSource.getRepository(Membership).findOneOrFail({ where: { userId }, order: { id: 'DESC' } });
  /** The date of a class of a weekday (1 Monday … 7 Sunday) in the week starting `monday`. */
  const dateOf = (weekday: number, monday = NEXT_MONDAY) => addDays(monday, weekday - 1);

  async function charge(preapprovalId: string, changes: { status?: string } = {}) {
    const id = ++chargeSequence;
    mp.setAuthorizedPayment({ id, preapproval_id: preapprovalId, ...changes });
    // The charge's payment, as a refund reads it.
    mp.setPayment({
      id: String(id + 1_000_000),
      status: changes.status && changes.status !== 'processed' ? 'rejected' : 'approved',
      transaction_amount: MONTHLY_MXN,
      external_reference: mp.preapprovals.get(preapprovalId)!.external_reference,
    });
    await notify(String(id), 'subscription_authorized_payment');
    return id;
  }

  /** A client whose membership's first charge was approved today. */
  async function member(planId = weeklyPlanId) {
    const client = await newClient(t, 'Socia');
    const res = await client.agent.post('/api/mercadopago/subscribe').send({ planId }).expect(200);
    const preapprovalId = new URL(res.body.url as string).searchParams.get('preapproval_id')!;
    mp.setPreapprovalStatus(preapprovalId, 'authorized');
    await charge(preapprovalId);
    const membership = await membershipOf(client.user.id);
    return { ...client, preapprovalId, membership };
  }

  /** Moves the clock, and logs the admin and `client` in again (their sessions may have lapsed meanwhile). */
  async function travel(to: string, client?: { email: string }): Promise<Agent> {
    clock.set(new Date(to));
    admin = await adminAgent(t);
    return client ? loginAs(t, client.email, 'clave-segura-1') : admin;
  }

  const book = (agent: Agent, scheduleId: number, date: string) =>
    agent.post('/api/reservations/push-reservation').send({ date, classReservation: scheduleId });
  const myMembership = async (agent: Agent, date?: string) =>
    (
      await agent
        .post('/api/informacion/membership')
        .send(date ? { date } : {})
        .expect(200)
    ).body.membership;

  it('should book exactly the weekly limit out of 20 parallel bookings, take no class from the plan, and count the week', async () => {
    const { agent, membership } = await member();
    const classes = weekdayClasses.slice(0, 20);
    const answers = await Promise.all(classes.map((c) => book(agent, c.id, dateOf(c.weekday))));
    const booked = answers.filter((res) => res.status === 201);
    const refused = answers.filter((res) => res.status !== 201);
    expect(booked).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const res of refused) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'WEEKLY_LIMIT_REACHED',
        error: 'Ya usaste tus 3 clases de esta semana con tu membresía.',
      });
    }
    expect(
      await t.dataSource.getRepository(Reservation).countBy({ userPlanId: membership.userPlanId!, status: 'active' }),
    ).toBe(3);
    expect(await t.dataSource.getRepository(UserPlan).findOneByOrFail({ id: membership.userPlanId! })).toMatchObject({
      classesTotal: 0,
      classesRemaining: 0,
    });
    expect(await myMembership(agent, NEXT_MONDAY)).toMatchObject({
      planName: 'Membresía 3 por semana',
      status: 'active',
      weeklyLimit: 3,
      paidThrough: PAID_THROUGH,
      bookableUntil: BOOKABLE_UNTIL,
      cancelsOn: null,
      week: { start: NEXT_MONDAY, end: WEEK_END, used: 3, limit: 3 },
    });
    // This week (NOW's) is untouched.
    expect((await myMembership(agent)).week).toEqual({ start: '2026-11-23', end: '2026-11-29', used: 0, limit: 3 });

    // A class cancelled in time frees its count, and nothing is given to the plan.
    const first = booked[0].body.reservationId as number;
    await agent.post('/api/reservations/cancel-reservation').send({ id: first }).expect(200);
    expect((await myMembership(agent, NEXT_MONDAY)).week.used).toBe(2);
    expect(await t.dataSource.getRepository(UserPlan).findOneByOrFail({ id: membership.userPlanId! })).toMatchObject({
      classesRemaining: 0,
    });
    const bookedIds = new Set(answers.filter((r) => r.status === 201).map((r) => r.body.reservationId));
    const free = classes.find((_c, i) => answers[i].status !== 201)!;
    expect(bookedIds.size).toBe(3);
    await book(agent, free.id, dateOf(free.weekday)).expect(201);
    await book(agent, classes[19].id === free.id ? classes[18].id : classes[19].id, dateOf(classes[19].weekday)).expect(
      409,
    );
  });

  it('should count the studio week from Monday 00:00 to Sunday 23:59, whatever the server zone', async () => {
    const sunday = await admin
      .post('/api/reservations/horario/add')
      .send({ weekday: 7, startTime: '23:59', capacity: 8, durationMinutes: 50 })
      .expect(201);
    const midnight = await admin
      .post('/api/reservations/horario/add')
      .send({ weekday: 1, startTime: '00:00', capacity: 8, durationMinutes: 50 })
      .expect(201);
    const { agent } = await member();
    const monday7 = await scheduleAt(t, 1, '07:00');
    const tuesday7 = await scheduleAt(t, 2, '07:00');
    // The week of 2026-11-30: Monday 00:00, Tuesday, and Sunday 23:59 are its three.
    await book(agent, midnight.body.schedule.id, NEXT_MONDAY).expect(201);
    await book(agent, tuesday7.id, dateOf(2)).expect(201);
    await book(agent, sunday.body.schedule.id, WEEK_END).expect(201);
    const fourth = await book(agent, monday7.id, NEXT_MONDAY).expect(409);
    expect(fourth.body.code).toBe('WEEKLY_LIMIT_REACHED');
    // Monday 00:00 right after that Sunday 23:59 is the next week's first.
    await book(agent, midnight.body.schedule.id, addDays(WEEK_END, 1)).expect(201);
    expect((await myMembership(agent, WEEK_END)).week).toMatchObject({ start: NEXT_MONDAY, end: WEEK_END, used: 3 });
    expect((await myMembership(agent, addDays(WEEK_END, 1))).week).toMatchObject({
      start: addDays(WEEK_END, 1),
      used: 1,
    });
  });

  it('should book an unlimited membership once a studio day, or as many as the owner sets', async () => {
    const { agent } = await member(unlimitedPlanId);
    const [seven, eight, nine] = await Promise.all(['07:00', '08:00', '09:00'].map((time) => scheduleAt(t, 3, time)));
    const wednesday = dateOf(3);
    await book(agent, seven.id, wednesday).expect(201);
    const second = await book(agent, eight.id, wednesday).expect(409);
    expect(second.body).toMatchObject({
      code: 'DAILY_LIMIT_REACHED',
      error: 'Tu membresía incluye una clase por día y ya reservaste una ese día.',
    });
    await book(agent, (await scheduleAt(t, 4, '08:00')).id, dateOf(4)).expect(201);
    await admin.post('/api/admin/settings/change').send({ membershipDailyLimit: 2 }).expect(200);
    try {
      await book(agent, eight.id, wednesday).expect(201);
      expect((await book(agent, nine.id, wednesday).expect(409)).body.code).toBe('DAILY_LIMIT_REACHED');
      expect(await myMembership(agent, wednesday)).toMatchObject({
        weeklyLimit: null,
        dailyLimit: 2,
        week: { used: 3, limit: null },
      });
    } finally {
      await admin.post('/api/admin/settings/change').send({ membershipDailyLimit: 1 }).expect(200);
    }
  });

  it('should let a waitlist promotion book only within the weekly limit', async () => {
    const { agent, user } = await member();
    const tiny = await admin
      .post('/api/reservations/horario/add')
      .send({ weekday: 6, startTime: '12:00', capacity: 1, durationMinutes: 50 })
      .expect(201);
    const saturday = dateOf(6);
    const holder = await newClient(t, 'Titular');
    await givePlan(t, holder.user.id, { classes: 4 });
    const held = await book(holder.agent, tiny.body.schedule.id, saturday).expect(201);
    // Joining the line is free even at the limit; the entry does not count.
    await agent
      .post('/api/reservations/join-waitlist')
      .send({ date: saturday, classReservation: tiny.body.schedule.id })
      .expect(201);
    for (const weekday of [1, 2, 3])
      await book(agent, (await scheduleAt(t, weekday, '19:00')).id, dateOf(weekday)).expect(201);
    // The place frees: the member at 3 of 3 is skipped, not booked.
    await holder.agent.post('/api/reservations/cancel-reservation').send({ id: held.body.reservationId }).expect(200);
    const reservations = t.dataSource.getRepository(Reservation);
    expect(await reservations.countBy({ userId: user.id, status: 'active' })).toBe(3);
    expect(
      await t.dataSource
        .getRepository(NotificationEventRow)
        .countBy({ type: 'waitlist.skipped', recipientUserId: user.id }),
    ).toBe(1);

    // Below the limit a promotion books and counts.
    const again = await book(holder.agent, tiny.body.schedule.id, saturday).expect(201);
    const monday = await reservations.findOneByOrFail({ userId: user.id, status: 'active', classDate: NEXT_MONDAY });
    await agent.post('/api/reservations/cancel-reservation').send({ id: monday.id }).expect(200);
    await agent
      .post('/api/reservations/join-waitlist')
      .send({ date: saturday, classReservation: tiny.body.schedule.id })
      .expect(201);
    await holder.agent.post('/api/reservations/cancel-reservation').send({ id: again.body.reservationId }).expect(200);
    expect(await reservations.countBy({ userId: user.id, status: 'active', classDate: saturday })).toBe(1);
    expect((await myMembership(agent, saturday)).week.used).toBe(3);
  });

  it('should book up to the paid period plus one period and refuse later dates', async () => {
    const { agent } = await member();
    const friday = await scheduleAt(t, 5, '07:00');
    // 2027-01-22 is a Friday: the last day; a week later is past it.
    await book(agent, friday.id, BOOKABLE_UNTIL).expect(201);
    const later = await book(agent, friday.id, addDays(BOOKABLE_UNTIL, 7)).expect(409);
    expect(later.body).toMatchObject({
      code: 'MEMBERSHIP_HORIZON',
      error: 'Tu membresía todavía no cubre esa fecha.',
    });
  });

  it('should fall back to a pack when the membership refuses, and answer with the membership when no pack can', async () => {
    const { agent, user } = await member();
    const packId = await givePlan(t, user.id, { classes: 2 });
    for (const weekday of [1, 2, 3])
      await book(agent, (await scheduleAt(t, weekday, '18:00')).id, dateOf(weekday)).expect(201);
    const fourth = await book(agent, (await scheduleAt(t, 4, '18:00')).id, dateOf(4)).expect(201);
    const row = await t.dataSource.getRepository(Reservation).findOneByOrFail({ id: fourth.body.reservationId });
    expect(row.userPlanId).toBe(packId);
    expect((await t.dataSource.getRepository(UserPlan).findOneByOrFail({ id: packId })).classesRemaining).toBe(1);
    // Cancelled in time, the class goes back to the pack; the membership's count is unchanged.
    await agent.post('/api/reservations/cancel-reservation').send({ id: fourth.body.reservationId }).expect(200);
    expect((await t.dataSource.getRepository(UserPlan).findOneByOrFail({ id: packId })).classesRemaining).toBe(2);
    expect((await myMembership(agent, NEXT_MONDAY)).week.used).toBe(3);
    // Past the horizon the pack (which ends sooner) cannot either: the membership's refusal is the answer.
    const far = await book(agent, (await scheduleAt(t, 1, '18:00')).id, '2027-02-01').expect(409);
    expect(far.body.code).toBe('MEMBERSHIP_HORIZON');
  });

  it('should pause: its reservations cancelled with one mail, its days added, its dates refused, and Mercado Pago paused then resumed', async () => {
    const { user, preapprovalId, membership, ...first } = await member();
    let agent = first.agent;
    const wednesday = await scheduleAt(t, 3, '20:00');
    const inside = await book(agent, wednesday.id, '2026-12-02').expect(201);
    const outside = await book(agent, wednesday.id, '2026-12-09').expect(201);

    const tooSoon = await agent
      .post('/api/informacion/membership/pause')
      .send({ from: '2026-11-23', to: '2026-11-30' });
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body.code).toBe('PAUSE_TOO_SOON');
    const short = await agent.post('/api/informacion/membership/pause').send({ from: '2026-12-01', to: '2026-12-06' });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('PAUSE_TOO_SHORT');
    const backwards = await agent
      .post('/api/informacion/membership/pause')
      .send({ from: '2026-12-07', to: '2026-12-01' });
    expect(backwards.status).toBe(400);

    const paused = await agent
      .post('/api/informacion/membership/pause')
      .send({ from: '2026-12-01', to: '2026-12-07' })
      .expect(200);
    expect(paused.body).toMatchObject({
      status: 'active',
      paidThrough: '2026-12-29',
      bookableUntil: '2027-01-29',
      pauses: [{ from: '2026-12-01', to: '2026-12-07' }],
      pauseDaysLeftThisYear: 23,
    });
    const reservations = t.dataSource.getRepository(Reservation);
    expect(await reservations.findOneByOrFail({ id: inside.body.reservationId })).toMatchObject({
      status: 'cancelled',
    });
    expect(await reservations.findOneByOrFail({ id: outside.body.reservationId })).toMatchObject({ status: 'active' });
    expect(await t.dataSource.getRepository(UserPlan).findOneByOrFail({ id: membership.userPlanId! })).toMatchObject({
      endDate: '2026-12-29',
      classesRemaining: 0,
    });
    const mails = await t.dataSource.getRepository(NotificationEventRow).findBy({ recipientUserId: user.id });
    expect(mails.filter((m) => m.type === 'membership.paused')).toHaveLength(1);
    expect(mails.filter((m) => m.type === 'reservation.cancelled')).toHaveLength(0);
    // The one mail carries the cancelled class's event: METHOD:CANCEL, the booking's UID one revision up.
    const pausedMail = (await mailsFor(t, user.email)).find((m) => m.subject.startsWith('Pausa de tu membresía'))!;
    expect(pausedMail.text).toContain('Adjuntamos la clase cancelada: tu calendario la quita.');
    expect(pausedMail.attachments).toHaveLength(1);
    const [event] = pausedMail.attachments!;
    expect(event.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(event.filename).toBe('clase-cancelada-2026-12-02-2000.ics');
    const cancelledIcs = parseIcs(event.content);
    expect(cancelledIcs.method).toBe('CANCEL');
    expect(cancelledIcs.events).toEqual([
      expect.objectContaining({
        uid: expect.stringMatching(new RegExp(`^reserva-${inside.body.reservationId}@`)),
        sequence: 1,
        status: 'CANCELLED',
        start: '2026-12-02T20:00:00',
      }),
    ]);
    const refused = await book(agent, wednesday.id, '2026-12-02').expect(409);
    expect(refused.body.code).toBe('MEMBERSHIP_PAUSED');

    const overlap = await agent
      .post('/api/informacion/membership/pause')
      .send({ from: '2026-12-05', to: '2026-12-12' });
    expect(overlap.status).toBe(409);
    expect(overlap.body.code).toBe('PAUSE_OVERLAPS');
    const tooMany = await agent
      .post('/api/informacion/membership/pause')
      .send({ from: '2026-12-08', to: '2026-12-31' });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.code).toBe('PAUSE_LIMIT_REACHED');

    // Its first day: paused at Mercado Pago, confirmed by the notification.
    const jobs = t.app.get(MembershipAccountService);
    agent = await travel('2026-12-01T15:00:00.000Z', user);
    await jobs.applyPauses();
    await jobs.applyPauses();
    const puts = () => mp.requests.filter((r) => r.method === 'PUT' && r.path === `/preapproval/${preapprovalId}`);
    expect(puts().map((r) => r.body)).toEqual([{ status: 'paused' }]);
    await notify(preapprovalId, 'subscription_preapproval');
    expect(await myMembership(agent)).toMatchObject({ status: 'paused' });
    const again = await agent.post('/api/informacion/membership/pause').send({ from: '2026-12-20', to: '2026-12-27' });
    expect(again.body.code).toBe('MEMBERSHIP_NOT_ACTIVE');

    // After its last day: resumed.
    agent = await travel('2026-12-08T15:00:00.000Z', user);
    await jobs.applyPauses();
    expect(puts().map((r) => r.body)).toEqual([{ status: 'paused' }, { status: 'authorized' }]);
    await notify(preapprovalId, 'subscription_preapproval');
    expect(await myMembership(agent)).toMatchObject({ status: 'active', pauses: [] });
  });

  it('should cancel at Mercado Pago, hold until the last paid day and book nothing after it', async () => {
    const { user, preapprovalId, ...first } = await member();
    let agent = first.agent;
    const monday = await scheduleAt(t, 1, '09:00');
    const cancelled = await agent.post('/api/informacion/membership/cancel').expect(200);
    expect(cancelled.body).toMatchObject({
      cancelsOn: PAID_THROUGH,
      bookableUntil: PAID_THROUGH,
      paidThrough: PAID_THROUGH,
    });
    expect(mp.preapprovals.get(preapprovalId)!.status).toBe('cancelled');
    await notify(preapprovalId, 'subscription_preapproval');
    expect(await myMembership(agent)).toMatchObject({ status: 'cancelled', cancelsOn: PAID_THROUGH });
    await book(agent, monday.id, '2026-12-21').expect(201);
    const after = await book(agent, monday.id, '2026-12-28').expect(409);
    expect(after.body.code).toBe('MEMBERSHIP_HORIZON');
    const twice = await agent.post('/api/informacion/membership/cancel').expect(409);
    expect(twice.body.code).toBe('MEMBERSHIP_NOT_CANCELLABLE');
    // After its last day it is no longer shown.
    agent = await travel('2026-12-23T15:00:00.000Z', user);
    expect(await myMembership(agent)).toBeNull();
  });

  it('should keep booking during the grace days of a failed charge, then refuse new bookings and show it on the dashboard', async () => {
    const { user, preapprovalId, ...first } = await member();
    let agent = first.agent;
    const thursday = await scheduleAt(t, 4, '08:00');
    const kept = await book(agent, thursday.id, '2026-12-24').expect(201);
    agent = await travel('2026-12-23T15:00:00.000Z', user);
    await charge(preapprovalId, { status: 'recycling' });
    const pastDue = await myMembership(agent);
    expect(pastDue).toMatchObject({
      status: 'past_due',
      pastDueSince: '2026-12-23T15:00:00.000Z',
      bookingBlockedFrom: '2026-12-30T15:00:00.000Z',
      updateCardUrl: 'https://www.mercadopago.com.mx/subscriptions',
    });
    await book(agent, thursday.id, '2026-12-31').expect(201);
    const dashboard = () =>
      admin.post('/api/admin/dashboard').send({ from: '2026-12-01', to: '2026-12-31' }).expect(200);
    expect((await dashboard()).body.pastDueMemberships.items).toContainEqual({
      id: pastDue.id,
      clientName: user.name,
      planName: 'Membresía 3 por semana',
      pastDueSince: '2026-12-23T15:00:00.000Z',
      blocked: false,
    });

    agent = await travel('2026-12-30T15:00:00.000Z', user);
    const blocked = await book(agent, thursday.id, '2027-01-07').expect(409);
    expect(blocked.body).toMatchObject({
      code: 'MEMBERSHIP_PAST_DUE',
      error: 'Tu membresía tiene un pago pendiente: actualiza tu tarjeta en Mercado Pago para seguir reservando.',
    });
    expect(
      await t.dataSource.getRepository(Reservation).findOneByOrFail({ id: kept.body.reservationId }),
    ).toMatchObject({
      status: 'active',
    });
    expect(
      (await dashboard()).body.pastDueMemberships.items.find((i: { id: number }) => i.id === pastDue.id),
    ).toMatchObject({
      blocked: true,
    });

    // Mercado Pago's retry approved: back in order, booking again.
    await charge(preapprovalId);
    expect(await myMembership(agent)).toMatchObject({
      status: 'active',
      pastDueSince: null,
      paidThrough: '2027-01-22',
    });
    await book(agent, thursday.id, '2027-01-07').expect(201);
  });

  it('should let the admin list, read, refund a charge (its period taken back) and cancel a membership, each audited', async () => {
    const { user, preapprovalId, membership, ...first } = await member();
    let agent = first.agent;
    agent = await travel('2026-12-23T15:00:00.000Z', user);
    await charge(preapprovalId);
    expect((await membershipOf(user.id)).paidThrough).toBe('2027-01-22');

    const list = await admin.post('/api/admin/memberships').send({ status: 'active' }).expect(200);
    expect(list.body.memberships).toContainEqual(
      expect.objectContaining({
        id: membership.id,
        clientEmail: user.email,
        status: 'active',
        totalCents: MONTHLY_MXN * 100,
      }),
    );
    const detail = await admin.post('/api/admin/memberships/detail').send({ id: membership.id }).expect(200);
    expect(detail.body.client).toEqual({ id: user.id, name: user.name, email: user.email });
    expect(detail.body.charges).toHaveLength(2);
    const latest = detail.body.charges[0];
    expect(latest).toMatchObject({
      paymentStatus: 'approved',
      amountCents: MONTHLY_MXN * 100,
      periodEnd: '2027-01-22',
      refunded: false,
    });

    const refunded = await admin.post('/api/admin/memberships/refund-charge').send({ chargeId: latest.id }).expect(200);
    expect(refunded.body.membership).toMatchObject({ paidThrough: PAID_THROUGH });
    expect(refunded.body.charges[0]).toMatchObject({ refunded: true, paymentStatus: 'refunded' });
    expect(mp.refundRequests().at(-1)!.path).toBe(
      `/v1/payments/${Number(latest.providerChargeId) + 1_000_000}/refunds`,
    );
    const twice = await admin.post('/api/admin/memberships/refund-charge').send({ chargeId: latest.id }).expect(409);
    expect(twice.body.code).toBe('CHARGE_NOT_REFUNDABLE');
    expect(
      (await admin.post('/api/admin/memberships/refund-charge').send({ chargeId: 999999 }).expect(404)).body.code,
    ).toBe('CHARGE_NOT_FOUND');

    const cancelled = await admin.post('/api/admin/memberships/cancel').send({ id: membership.id }).expect(200);
    expect(cancelled.body.membership).toMatchObject({ cancelsOn: PAID_THROUGH });
    expect(mp.preapprovals.get(preapprovalId)!.status).toBe('cancelled');
    const audit = await t.dataSource
      .getRepository(AuditLog)
      .findBy({ entityType: 'membership', entityId: String(membership.id) });
    expect(audit.map((a) => a.action).sort()).toEqual(['membership.cancel', 'membership.refund_charge']);
    // The client may not.
    await agent.post('/api/admin/memberships').send({}).expect(403);
  });
});
