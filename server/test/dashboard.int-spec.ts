import { addDays } from '@pilates/dates';
import { FixedClock } from '../src/core/clock/clock';
import { adminAgent, NOW, TODAY } from './helpers/booking';
import { type DashboardSeed, seedDashboard, seedMidnightEdges, type SeededPayment } from './helpers/dashboard-seed';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Every figure of POST /api/admin/dashboard against a seeded studio whose right answers the test
 * works out itself, row by row. The studio is in Mexico City (UTC-6 all year since 2022), so a
 * studio date here is simply the UTC instant six hours earlier: a different route from the
 * server's, which converts the period's studio midnights with the zone database.
 */
const studioDate = (at: Date): string => new Date(at.getTime() - 6 * 3600_000).toISOString().slice(0, 10);
const NOW_TIME = '06:00';

interface Cell {
  weekday: number;
  startTime: string;
  classes: number;
  offered: number;
  taken: number;
  ratio: number;
}

function expectedOccupancy(seed: DashboardSeed, from: string, to: string) {
  const cells = new Map<string, Cell>();
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    for (const schedule of seed.schedules.filter((s) => s.weekday === weekday)) {
      const session = seed.sessions.find((s) => s.scheduleId === schedule.id && s.date === date);
      let offered = 0;
      let taken = 0;
      if (session) {
        if (session.status !== 'scheduled') continue;
        offered = session.capacity;
        taken = session.reserved;
      } else {
        if (studioDate(schedule.createdAt) > date) continue;
        offered = schedule.capacity;
      }
      const key = `${weekday} ${schedule.startTime}`;
      const cell = cells.get(key) ?? {
        weekday,
        startTime: schedule.startTime,
        classes: 0,
        offered: 0,
        taken: 0,
        ratio: 0,
      };
      cell.classes++;
      cell.offered += offered;
      cell.taken += taken;
      cells.set(key, cell);
    }
  }
  const list = [...cells.values()]
    .map((c) => ({ ...c, ratio: Math.round((c.taken / c.offered) * 10_000) / 10_000 }))
    .sort((a, b) => a.weekday - b.weekday || a.startTime.localeCompare(b.startTime));
  const order = (a: Cell, b: Cell) =>
    a.ratio - b.ratio || a.weekday - b.weekday || a.startTime.localeCompare(b.startTime);
  return {
    cells: list,
    fullest: [...list].sort((a, b) => order(b, a)).slice(0, 5),
    emptiest: [...list].sort(order).slice(0, 5),
    offered: list.reduce((s, c) => s + c.offered, 0),
    taken: list.reduce((s, c) => s + c.taken, 0),
  };
}

function expectedAttendance(seed: DashboardSeed, from: string, to: string) {
  const counts = { attended: 0, noShow: 0, notMarked: 0 };
  for (const r of seed.reservations) {
    const session = seed.sessions.find((s) => s.id === r.sessionId)!;
    if (!r.active || session.status !== 'scheduled' || session.date < from || session.date > to) continue;
    if (!(session.date < TODAY || (session.date === TODAY && session.startTime <= NOW_TIME))) continue;
    if (r.attended === true) counts.attended++;
    else if (r.attended === false) counts.noShow++;
    else counts.notMarked++;
  }
  return counts;
}

function expectedRevenue(seed: DashboardSeed, payments: SeededPayment[], from: string, to: string) {
  const months: string[] = [];
  for (let d = `${from.slice(0, 7)}-01`; d <= to; d = addDays(d, 32).slice(0, 8) + '01') months.push(d.slice(0, 7));
  const byMonth = new Map(months.map((m) => [m, { month: m, mercadoPagoNetCents: 0, adminPaidCents: 0 }]));
  const mp = new Map<string, { count: number; gross: number; refunded: number }>();
  for (const p of payments) {
    if (!['approved', 'refunded', 'charged_back'].includes(p.status) || !p.approvedAt || p.issue === 'not_live')
      continue;
    const day = studioDate(p.approvedAt);
    if (day < from || day > to) continue;
    const gross = p.paidCents ?? p.totalCents;
    const refunded = p.status === 'approved' ? p.refundedCents : gross;
    byMonth.get(day.slice(0, 7))!.mercadoPagoNetCents += gross - refunded;
    const line = mp.get(p.planName) ?? { count: 0, gross: 0, refunded: 0 };
    mp.set(p.planName, { count: line.count + 1, gross: line.gross + gross, refunded: line.refunded + refunded });
  }
  const admin = new Map<string, { count: number; gross: number }>();
  for (const up of seed.userPlans) {
    const day = studioDate(up.createdAt);
    if (up.source !== 'admin' || !up.isPaid || day < from || day > to) continue;
    const price = up.planId === null ? 0 : seed.catalogue.find((c) => c.id === up.planId)!.priceCents;
    byMonth.get(day.slice(0, 7))!.adminPaidCents += price;
    const line = admin.get(up.planName) ?? { count: 0, gross: 0 };
    admin.set(up.planName, { count: line.count + 1, gross: line.gross + price });
  }
  const lines = (m: Map<string, { count: number; gross: number; refunded?: number }>) =>
    [...m.entries()]
      .map(([planName, l]) => ({
        planName,
        count: l.count,
        grossCents: l.gross,
        refundedCents: l.refunded ?? 0,
        netCents: l.gross - (l.refunded ?? 0),
      }))
      .sort((a, b) => b.netCents - a.netCents || a.planName.localeCompare(b.planName));
  const mpLines = lines(mp);
  const adminLines = lines(admin);
  return {
    months: [...byMonth.values()],
    mercadoPagoByPlan: mpLines,
    adminPaidByPlan: adminLines,
    mercadoPagoGrossCents: mpLines.reduce((s, l) => s + l.grossCents, 0),
    mercadoPagoRefundedCents: mpLines.reduce((s, l) => s + l.refundedCents, 0),
    mercadoPagoNetCents: mpLines.reduce((s, l) => s + l.netCents, 0),
    adminPaidCents: adminLines.reduce((s, l) => s + l.grossCents, 0),
  };
}

function expectedClients(seed: DashboardSeed, from: string, to: string) {
  const activeUser = new Map(seed.users.map((u) => [u.id, u.active]));
  const until = addDays(TODAY, 7);
  const active = new Set(
    seed.userPlans
      .filter((p) => p.startDate <= TODAY && p.endDate >= TODAY && !p.revoked && activeUser.get(p.userId))
      .map((p) => p.userId),
  );
  const ending = seed.userPlans
    .filter(
      (p) =>
        p.endDate >= TODAY &&
        p.endDate <= until &&
        p.startDate <= TODAY &&
        p.classesRemaining > 0 &&
        !p.revoked &&
        activeUser.get(p.userId),
    )
    .sort((a, b) => a.endDate.localeCompare(b.endDate) || a.id - b.id);
  return {
    newClients: seed.users.filter((u) => studioDate(u.createdAt) >= from && studioDate(u.createdAt) <= to).length,
    activeClients: active.size,
    ending: ending.map((p) => ({ userPlanId: p.id, classesRemaining: p.classesRemaining, endDate: p.endDate })),
  };
}

function expectedWaitlist(seed: DashboardSeed, from: string, to: string) {
  const rows = new Map<
    number,
    {
      classSessionId: number;
      date: string;
      startTime: string;
      capacity: number;
      entries: number;
      promoted: number;
      waiting: number;
    }
  >();
  for (const w of seed.waitlist) {
    const s = seed.sessions.find((x) => x.id === w.sessionId)!;
    if (s.date < from || s.date > to) continue;
    const row = rows.get(s.id) ?? {
      classSessionId: s.id,
      date: s.date,
      startTime: s.startTime,
      capacity: s.capacity,
      entries: 0,
      promoted: 0,
      waiting: 0,
    };
    row.entries++;
    if (w.status === 'promoted') row.promoted++;
    if (w.status === 'waiting') row.waiting++;
    rows.set(s.id, row);
  }
  return [...rows.values()]
    .sort((a, b) => b.entries - a.entries || a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime))
    .slice(0, 20);
}

describe('owner dashboard: POST /api/admin/dashboard against a seeded studio', () => {
  let t: TestApp;
  let admin: ReturnType<TestApp['agent']>;
  let seed: DashboardSeed;
  let payments: SeededPayment[];

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(NOW) });
    admin = await adminAgent(t);
    seed = await seedDashboard(t, { today: TODAY, days: 45, clients: 40, seed: 21, nowUtc: NOW });
    const plan = seed.catalogue[1];
    // At the studio's midnights that open November and December (06:00 UTC) and a second before.
    payments = [
      ...seed.payments,
      ...(await seedMidnightEdges(t, seed.users[0].id, plan, new Date('2026-11-01T06:00:00Z'))),
      ...(await seedMidnightEdges(t, seed.users[1].id, plan, new Date('2026-12-01T06:00:00Z'))),
    ];
  });
  afterAll(() => t.close());

  const dashboard = async (from: string, to: string) =>
    (await admin.post('/api/admin/dashboard').send({ from, to }).expect(200)).body;

  it.each([
    ['several months', '2026-10-01', '2026-12-31'],
    ['one month (November)', '2026-11-01', '2026-11-30'],
    ['this week', '2026-11-23', '2026-11-29'],
    ['a single day', '2026-11-16', '2026-11-16'],
  ])('should compute every figure of %s as the seeded rows say', async (_label, from, to) => {
    const body = await dashboard(from, to);
    expect(body.success).toBe(true);
    expect(body.today).toBe(TODAY);
    expect(body.occupancy).toEqual(expectedOccupancy(seed, from, to));
    expect(body.attendance).toEqual(expectedAttendance(seed, from, to));
    expect(body.revenue).toEqual(expectedRevenue(seed, payments, from, to));
    const clients = expectedClients(seed, from, to);
    expect(body.clients.newClients).toBe(clients.newClients);
    expect(body.clients.activeClients).toBe(clients.activeClients);
    expect(
      body.clients.plansEnding.map((p: { userPlanId: number; classesRemaining: number; endDate: string }) => ({
        userPlanId: p.userPlanId,
        classesRemaining: p.classesRemaining,
        endDate: p.endDate,
      })),
    ).toEqual(clients.ending);
    expect(body.waitlist).toEqual(expectedWaitlist(seed, from, to));
  });

  it('should be checked on a dataset that exercises every case (so the comparisons above cannot pass empty)', async () => {
    const body = await dashboard('2026-10-01', '2026-12-31');
    expect(body.attendance.attended).toBeGreaterThan(10);
    expect(body.attendance.noShow).toBeGreaterThan(3);
    expect(body.attendance.notMarked).toBeGreaterThan(3);
    expect(body.occupancy.cells.length).toBe(5);
    expect(body.occupancy.taken).toBeGreaterThan(50);
    expect(body.revenue.months.map((m: { month: string }) => m.month)).toEqual(['2026-10', '2026-11', '2026-12']);
    expect(body.revenue.mercadoPagoRefundedCents).toBeGreaterThan(0);
    expect(body.revenue.adminPaidCents).toBeGreaterThan(0);
    expect(body.clients.newClients).toBeGreaterThan(5);
    expect(body.clients.activeClients).toBeGreaterThan(3);
    expect(body.clients.plansEnding.length).toBeGreaterThan(2);
    expect(body.waitlist.length).toBeGreaterThan(2);
    // Some timetable dates were never booked: offered with nothing taken.
    expect(seed.sessions.length).toBeLessThan(
      body.occupancy.cells.reduce((s: number, c: { classes: number }) => s + c.classes, 0),
    );
  });

  it('should count a payment approved one second before the studio midnight in the day before', async () => {
    const october = await dashboard('2026-10-31', '2026-10-31');
    const november = await dashboard('2026-11-01', '2026-11-01');
    const edgePlan = seed.catalogue[1].name;
    const edgeAmount = (body: { revenue: { mercadoPagoByPlan: Array<{ planName: string; grossCents: number }> } }) =>
      body.revenue.mercadoPagoByPlan.find((l) => l.planName === edgePlan)?.grossCents ?? 0;
    const others = (day: string) =>
      seed.payments
        .filter(
          (p) =>
            p.planName === edgePlan &&
            p.approvedAt &&
            p.issue !== 'not_live' &&
            ['approved', 'refunded', 'charged_back'].includes(p.status) &&
            studioDate(p.approvedAt) === day,
        )
        .reduce((s, p) => s + (p.paidCents ?? p.totalCents), 0);
    // The edge pair pays price + 0 (a second before) and price + 1 (at midnight): one centavo tells them apart.
    expect(edgeAmount(october) - others('2026-10-31')).toBe(seed.catalogue[1].priceCents);
    expect(edgeAmount(november) - others('2026-11-01')).toBe(seed.catalogue[1].priceCents + 1);
  });

  it('should give a WhatsApp link with a Mexican number and the Spanish message, and none without a usable phone', async () => {
    const body = await dashboard('2026-11-01', '2026-11-30');
    const byUser = new Map(seed.users.map((u) => [u.id, u]));
    for (const plan of body.clients.plansEnding as Array<{
      userId: number;
      whatsappUrl: string | null;
      classesRemaining: number;
    }>) {
      const phone = byUser.get(plan.userId)!.phone;
      if (phone === null || phone === '12') {
        expect(plan.whatsappUrl).toBeNull();
        continue;
      }
      const url = new URL(plan.whatsappUrl!);
      const digits = phone.replace(/\D/g, '');
      expect(url.origin + url.pathname).toBe(`https://wa.me/52${digits.slice(-10)}`);
      expect(url.searchParams.get('text')).toContain(
        `te quedan ${plan.classesRemaining === 1 ? '1 clase' : `${plan.classesRemaining} clases`}`,
      );
    }
  });

  it.each([
    [{ from: '2026-11-31', to: '2026-12-01' }],
    [{ from: '2026-12-02', to: '2026-12-01' }],
    [{ from: '2025-01-01', to: '2026-01-02' }],
    [{ from: '2026-01-01' }],
    [{ from: '2026-01-01', to: '2026-01-02', extra: 1 }],
    [{ from: '9999-01-01', to: '9999-12-31' }],
    [{ from: '0001-01-01', to: '0001-12-31' }],
    [{ from: '1999-12-31', to: '2000-01-01' }],
    [{ from: '2027-11-01', to: addDays(TODAY, 367) }],
  ])('should refuse the period %j with a Spanish 400', async (period) => {
    const res = await admin.post('/api/admin/dashboard').send(period).expect(400);
    expect(res.body.success).toBe(false);
    expect(JSON.stringify(res.body.error)).toMatch(/[áéíóúñ]|no es válid|debe|periodo|propiedad|existe/i);
  });

  it('should accept a period of exactly 366 days', async () => {
    await admin.post('/api/admin/dashboard').send({ from: '2025-11-24', to: '2026-11-24' }).expect(200);
  });

  it('should refuse a period ending more than 366 days after today or starting before 2000, naming the field', async () => {
    const future = await admin.post('/api/admin/dashboard').send({ from: '9999-01-01', to: '9999-12-31' }).expect(400);
    expect(future.body).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      error: { to: ['La fecha de término no puede ser más de 366 días después de hoy.'] },
    });
    const past = await admin.post('/api/admin/dashboard').send({ from: '0001-01-01', to: '0001-12-31' }).expect(400);
    expect(past.body.error).toEqual({ from: ['El periodo no puede empezar antes del 1 de enero de 2000.'] });
    // The last day allowed, and the first.
    await admin
      .post('/api/admin/dashboard')
      .send({ from: addDays(TODAY, 1), to: addDays(TODAY, 366) })
      .expect(200);
    await admin.post('/api/admin/dashboard').send({ from: '2000-01-01', to: '2000-01-31' }).expect(200);
  });
});
