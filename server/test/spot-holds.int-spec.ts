import { addDays } from '@pilates/dates';
import { FixedClock } from '../src/core/clock/clock';
import { PaymentNotificationsService } from '../src/payments/payment-notifications.service';
import { Payment } from '../src/payments/entities/payment.entity';
import { Plan } from '../src/planes/entities/plan.entity';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
import { Reservation } from '../src/reservations/entities/reservation.entity';
import { SpotHold } from '../src/reservations/entities/spot-hold.entity';
import { SpotHoldsService } from '../src/reservations/spot-holds.service';
import { adminAgent, givePlan, newClient, NOW, scheduleAt, sessionOf, TODAY } from './helpers/booking';
import {
  approvedPayment,
  CHECKOUT_ENV,
  FakeMercadoPago,
  MP_TEST_SECRET as SECRET,
  notifyWebhook,
} from './helpers/mercadopago';
import { eventsFor } from './helpers/notifications';
import { bookSpot, setFavourite, spotIds } from './helpers/sala';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;
const TUESDAY = addDays(TODAY, 1);
const MINUTE = 60_000;

/**
 * Issue #32, point 5: the reformer a client chose in the booking dialog is held while they pay for
 * a plan (15 minutes at most), booked when the payment comes back approved, and released after.
 */
describe('a reformer held while its client pays for a plan', () => {
  let t: TestApp;
  let ids: Record<string, number>;
  let planId: number;
  const clock = new FixedClock(NOW);
  const mp = new FakeMercadoPago();
  let providerIds = 950_000;

  beforeAll(async () => {
    mp.install();
    t = await createTestApp({ clock, env: CHECKOUT_ENV });
    ids = await spotIds(t);
    planId = (await t.dataSource.getRepository(Plan).findOneByOrFail({ name: 'Ocho Clases' })).id;
  });
  afterAll(async () => {
    await t.close();
    mp.uninstall();
  });
  afterEach(() => clock.set(NOW));

  /** A client without a plan (the buyer), logged in. */
  const buyer = async () => {
    const c = await newClient(t, 'Compra');
    return { agent: c.agent, id: c.user.id as number, email: c.user.email };
  };
  /** A client with classes left. */
  const booker = async () => {
    const c = await newClient(t, 'Otro');
    await givePlan(t, c.user.id, { classes: 10 });
    return { agent: c.agent, id: c.user.id as number };
  };

  const checkout = (agent: Agent, hold?: { date: string; scheduleId: number; spot?: number }) =>
    agent.post('/api/mercadopago').send({ planId, hold });

  /** Mercado Pago approves the purchase just made (the exact total); its provider payment id. */
  const approveLast = () => {
    const reference = mp.preferenceBodies().at(-1)!.external_reference as string;
    const id = String(++providerIds);
    mp.setPayment(approvedPayment(id, reference, clock.now()));
    return id;
  };
  const webhook = async (dataId: string) => {
    await notifyWebhook(t, dataId, { secret: SECRET, ts: clock.now().getTime(), at: clock.now() }).expect(200);
    await t.app.get(PaymentNotificationsService).settled();
  };
  const confirm = (agent: Agent, dataId: string) => agent.post('/api/mercadopago/confirm').send({ payment_id: dataId });

  const dayView = async (agent: Agent, scheduleId: number, date = TUESDAY) => {
    const res = await agent.post('/api/reservations/get-information').send({ date }).expect(200);
    const slot = res.body.data.find((s: { scheduleId: number }) => s.scheduleId === scheduleId);
    return slot as { reservedCount: number; capacity: number; spots: { id: number; state: string }[] };
  };
  const stateOf = (slot: { spots: { id: number; state: string }[] }, spot: number) =>
    slot.spots.find((s) => s.id === spot)?.state;

  const activeIn = async (scheduleId: number, date = TUESDAY) => {
    const session = await sessionOf(t, scheduleId, date);
    return t.dataSource
      .getRepository(Reservation)
      .find({ where: { classSessionId: session!.id, status: 'active' }, order: { id: 'ASC' } });
  };

  it('should hold the reformer: taken for everyone else, free for its holder, and its place counted', async () => {
    const schedule = await scheduleAt(t, 2, '07:00');
    const buying = await buyer();
    const res = await checkout(buying.agent, {
      date: TUESDAY,
      scheduleId: schedule.id,
      spot: ids['Reformer 3'],
    }).expect(200);
    expect(res.body.held).toEqual({ id: ids['Reformer 3'], label: 'Reformer 3' });
    const hold = await t.dataSource.getRepository(SpotHold).findOneByOrFail({ userId: buying.id });
    expect(hold.expiresAt.getTime()).toBe(NOW.getTime() + 15 * MINUTE);

    // Another client asking for it hears SPOT_TAKEN; the day view shows it taken to them, free to the holder.
    const other = await booker();
    const taken = await bookSpot(other.agent, TUESDAY, schedule.id, ids['Reformer 3']).expect(409);
    expect(taken.body.code).toBe('SPOT_TAKEN');
    const theirs = await dayView(other.agent, schedule.id);
    expect(stateOf(theirs, ids['Reformer 3'])).toBe('taken');
    expect(theirs.reservedCount).toBe(1);
    const mine = await dayView(buying.agent, schedule.id);
    expect(stateOf(mine, ids['Reformer 3'])).toBe('free');
    expect(mine.reservedCount).toBe(0);

    // "Cualquiera" never lands on it, not even for a client whose favourite it is; the seven other
    // places go, and the eighth client hears CLASS_FULL (the held place counts).
    await setFavourite(other.agent, ids['Reformer 3']).expect(200);
    const first = await bookSpot(other.agent, TUESDAY, schedule.id).expect(201);
    expect(first.body.spot.label).not.toBe('Reformer 3');
    for (let i = 0; i < 6; i++) {
      const next = await booker();
      const booked = await bookSpot(next.agent, TUESDAY, schedule.id).expect(201);
      expect(booked.body.spot.label).not.toBe('Reformer 3');
    }
    const late = await booker();
    const full = await bookSpot(late.agent, TUESDAY, schedule.id).expect(409);
    expect(full.body.code).toBe('CLASS_FULL');
    expect((await activeIn(schedule.id)).map((r) => r.spotId)).not.toContain(ids['Reformer 3']);

    // Approved within the 15 minutes: the held reformer is the buyer's.
    clock.set(new Date(NOW.getTime() + 10 * MINUTE));
    const paid = approveLast();
    const back = await confirm(buying.agent, paid).expect(200);
    expect(back.body.booked).toMatchObject({ date: TUESDAY, time: '7:00 AM', spot: { label: 'Reformer 3' } });
    const inClass = await activeIn(schedule.id);
    expect(inClass).toHaveLength(8);
    expect(inClass.find((r) => r.userId === buying.id)?.spotId).toBe(ids['Reformer 3']);
  });

  it('should book the held reformer exactly once when the webhook and the confirm arrive together', async () => {
    const schedule = await scheduleAt(t, 2, '08:00');
    const buying = await buyer();
    await checkout(buying.agent, { date: TUESDAY, scheduleId: schedule.id, spot: ids['Reformer 5'] }).expect(200);
    clock.set(new Date(NOW.getTime() + 14 * MINUTE));
    const paid = approveLast();

    const [, back] = await Promise.all([webhook(paid), confirm(buying.agent, paid).expect(200)]);
    await t.app.get(PaymentNotificationsService).settled();

    const mine = (await activeIn(schedule.id)).filter((r) => r.userId === buying.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].spotId).toBe(ids['Reformer 5']);
    // Booked from the plan the payment created, with the booking's mail, once.
    const plan = await t.dataSource.getRepository(UserPlan).findOneByOrFail({ userId: buying.id });
    expect(mine[0].userPlanId).toBe(plan.id);
    expect(plan.classesRemaining).toBe(plan.classesTotal - 1);
    const confirmations = (await eventsFor(t, buying.email)).filter((e) => e.type === 'reservation.confirmed');
    expect(confirmations).toHaveLength(1);
    expect(back.body.booked).toMatchObject({ spot: { id: ids['Reformer 5'], label: 'Reformer 5' } });
    const hold = await t.dataSource.getRepository(SpotHold).findOneByOrFail({ userId: buying.id });
    expect(hold.consumedAt).not.toBeNull();
    expect(hold.reservationId).toBe(mine[0].id);

    // Reported again later: nothing more is booked.
    await webhook(paid);
    expect((await activeIn(schedule.id)).filter((r) => r.userId === buying.id)).toHaveLength(1);
  });

  it('should release the hold after 15 minutes: someone else books it, and the approval books nothing', async () => {
    const schedule = await scheduleAt(t, 2, '09:00');
    const buying = await buyer();
    await checkout(buying.agent, { date: TUESDAY, scheduleId: schedule.id, spot: ids['Reformer 6'] }).expect(200);

    clock.set(new Date(NOW.getTime() + 15 * MINUTE + 1000));
    const other = await booker();
    expect(stateOf(await dayView(other.agent, schedule.id), ids['Reformer 6'])).toBe('free');
    await bookSpot(other.agent, TUESDAY, schedule.id, ids['Reformer 6']).expect(201);

    const paid = approveLast();
    await webhook(paid);
    const back = await confirm(buying.agent, paid).expect(200);
    expect(back.body.purchase.status).toBe('approved');
    expect(back.body.booked).toBeNull();
    // The plan is there; no place was booked for the buyer, and the reformer stays the other client's.
    expect(await t.dataSource.getRepository(UserPlan).countBy({ userId: buying.id })).toBe(1);
    const inClass = await activeIn(schedule.id);
    expect(inClass.filter((r) => r.userId === buying.id)).toHaveLength(0);
    expect(inClass.filter((r) => r.spotId === ids['Reformer 6']).map((r) => r.userId)).toEqual([other.id]);
  });

  it('should release a hold whose booking is refused on approval, keeping the plan', async () => {
    const schedule = await scheduleAt(t, 2, '18:00');
    const buying = await buyer();
    await checkout(buying.agent, { date: TUESDAY, scheduleId: schedule.id }).expect(200);
    // The studio cancels the class while the client pays.
    const admin = await adminAgent(t);
    await admin.post('/api/reservations/cancel-class').send({ date: TUESDAY, scheduleId: schedule.id }).expect(200);
    clock.set(new Date(NOW.getTime() + 5 * MINUTE));
    const paid = approveLast();
    await webhook(paid);
    const back = await confirm(buying.agent, paid).expect(200);
    expect(back.body.purchase.status).toBe('approved');
    expect(back.body.booked).toBeNull();
    expect(await t.dataSource.getRepository(UserPlan).countBy({ userId: buying.id })).toBe(1);
    expect((await activeIn(schedule.id)).filter((r) => r.userId === buying.id)).toHaveLength(0);
    // Ended at the approval; the spot-holds job settles it.
    const hold = await t.dataSource.getRepository(SpotHold).findOneByOrFail({ userId: buying.id });
    expect(hold.expiresAt.getTime()).toBeLessThanOrEqual(clock.now().getTime());
    expect(hold.consumedAt).toBeNull();
    await t.app.get(SpotHoldsService).settleEnded();
    const settled = await t.dataSource.getRepository(SpotHold).findOneByOrFail({ userId: buying.id });
    expect(settled.consumedAt).not.toBeNull();
    expect(settled.reservationId).toBeNull();
  });

  it('should count a held last place as full for the waitlist, and give it to the line once the hold lapses', async () => {
    const schedule = await scheduleAt(t, 2, '19:00');
    // Earlier tests' ended holds settled first: the counts below are this test's.
    await t.app.get(SpotHoldsService).settleEnded();
    for (let i = 0; i < 7; i++) await bookSpot((await booker()).agent, TUESDAY, schedule.id).expect(201);
    const buying = await buyer();
    await checkout(buying.agent, { date: TUESDAY, scheduleId: schedule.id }).expect(200);

    const waiting = await booker();
    expect((await bookSpot(waiting.agent, TUESDAY, schedule.id).expect(409)).body.code).toBe('CLASS_FULL');
    await waiting.agent
      .post('/api/reservations/join-waitlist')
      .send({ date: TUESDAY, classReservation: schedule.id })
      .expect(201);

    // While it is held the job leaves it alone; once lapsed, the first in line gets the place.
    expect(await t.app.get(SpotHoldsService).settleEnded()).toBe(0);
    clock.set(new Date(NOW.getTime() + 16 * MINUTE));
    expect(await t.app.get(SpotHoldsService).settleEnded()).toBeGreaterThanOrEqual(1);
    const inClass = await activeIn(schedule.id);
    expect(inClass).toHaveLength(8);
    expect(inClass.map((r) => r.userId)).toContain(waiting.id);
    expect(await t.app.get(SpotHoldsService).settleEnded()).toBe(0);
  });

  it('should book a held last place on approval although clients wait in line for the class', async () => {
    const schedule = await scheduleAt(t, 2, '20:00');
    for (let i = 0; i < 7; i++) await bookSpot((await booker()).agent, TUESDAY, schedule.id).expect(201);
    const buying = await buyer();
    await checkout(buying.agent, { date: TUESDAY, scheduleId: schedule.id }).expect(200);
    const waiting = await booker();
    await waiting.agent
      .post('/api/reservations/join-waitlist')
      .send({ date: TUESDAY, classReservation: schedule.id })
      .expect(201);

    clock.set(new Date(NOW.getTime() + 10 * MINUTE));
    const back = await confirm(buying.agent, approveLast()).expect(200);
    expect(back.body.booked).toMatchObject({ date: TUESDAY, time: '8:00 PM' });
    const inClass = await activeIn(schedule.id);
    expect(inClass.map((r) => r.userId)).toContain(buying.id);
    expect(inClass.map((r) => r.userId)).not.toContain(waiting.id);
  });

  it('should refuse a hold on a taken reformer with SPOT_TAKEN and leave no purchase behind', async () => {
    const schedule = await scheduleAt(t, 3, '07:00');
    const wednesday = addDays(TODAY, 2);
    const other = await booker();
    await bookSpot(other.agent, wednesday, schedule.id, ids['Reformer 2']).expect(201);
    const buying = await buyer();
    const preferences = mp.preferenceBodies().length;

    const refused = await checkout(buying.agent, {
      date: wednesday,
      scheduleId: schedule.id,
      spot: ids['Reformer 2'],
    }).expect(409);
    expect(refused.body).toEqual({
      success: false,
      code: 'SPOT_TAKEN',
      error: 'Ese reformer ya está reservado; elige otro',
    });
    expect(await t.dataSource.getRepository(Payment).countBy({ userId: buying.id })).toBe(0);
    expect(await t.dataSource.getRepository(SpotHold).countBy({ userId: buying.id })).toBe(0);
    expect(mp.preferenceBodies()).toHaveLength(preferences);
  });

  it('should free the reformer at once when Mercado Pago does not open the checkout', async () => {
    const schedule = await scheduleAt(t, 3, '09:00');
    const wednesday = addDays(TODAY, 2);
    const buying = await buyer();
    mp.failWith = 500;
    try {
      await checkout(buying.agent, { date: wednesday, scheduleId: schedule.id, spot: ids['Reformer 1'] }).expect(502);
    } finally {
      mp.failWith = null;
    }
    const other = await booker();
    await bookSpot(other.agent, wednesday, schedule.id, ids['Reformer 1']).expect(201);
  });

  it("should refuse a hold another client's checkout has, and let a newer checkout replace the client's own", async () => {
    const schedule = await scheduleAt(t, 3, '08:00');
    const wednesday = addDays(TODAY, 2);
    const first = await buyer();
    await checkout(first.agent, { date: wednesday, scheduleId: schedule.id, spot: ids['Reformer 7'] }).expect(200);
    const second = await buyer();
    const refused = await checkout(second.agent, {
      date: wednesday,
      scheduleId: schedule.id,
      spot: ids['Reformer 7'],
    }).expect(409);
    expect(refused.body.code).toBe('SPOT_TAKEN');

    // The first client checks out again on Reformer 8: Reformer 7 is free again for the others.
    await checkout(first.agent, { date: wednesday, scheduleId: schedule.id, spot: ids['Reformer 8'] }).expect(200);
    const other = await booker();
    await bookSpot(other.agent, wednesday, schedule.id, ids['Reformer 7']).expect(201);
    const another = await booker();
    const taken = await bookSpot(another.agent, wednesday, schedule.id, ids['Reformer 8']).expect(409);
    expect(taken.body.code).toBe('SPOT_TAKEN');
  });
});
