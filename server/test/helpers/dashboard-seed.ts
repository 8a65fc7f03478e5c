import { addDays } from '@pilates/dates';
import { User } from '../../src/auth/entities/user.entity';
import { Payment, type PaymentStatus } from '../../src/payments/entities/payment.entity';
import { Plan } from '../../src/planes/entities/plan.entity';
import { UserPlan } from '../../src/planes/entities/user-plan.entity';
import { recountAttendanceSql, recountClassAttendanceSql } from '../../src/reservations/attendance-counts';
import { ClassSession } from '../../src/reservations/entities/class-session.entity';
import { Reservation } from '../../src/reservations/entities/reservation.entity';
import { Schedule } from '../../src/reservations/entities/schedule.entity';
import { WaitlistEntry, type WaitlistStatus } from '../../src/reservations/entities/waitlist-entry.entity';
import type { TestApp } from './test-app';

/** A small deterministic PRNG (mulberry32): the same dataset on every run and driver. */
export function randomFrom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}

export interface SeededUser {
  id: number;
  name: string;
  phone: string | null;
  active: boolean;
  createdAt: Date;
}
export interface SeededSchedule {
  id: number;
  weekday: number;
  startTime: string;
  capacity: number;
  createdAt: Date;
}
export interface SeededSession {
  id: number;
  scheduleId: number;
  date: string;
  startTime: string;
  capacity: number;
  status: 'scheduled' | 'cancelled';
  reserved: number;
}
export interface SeededReservation {
  sessionId: number;
  userId: number;
  active: boolean;
  attended: boolean | null;
  userPlanId: number | null;
}
export interface SeededPayment {
  planName: string;
  status: PaymentStatus;
  approvedAt: Date | null;
  totalCents: number;
  paidCents: number | null;
  refundedCents: number;
  issue: 'not_live' | 'duplicate' | null;
}
export interface SeededUserPlan {
  id: number;
  userId: number;
  planId: number | null;
  planName: string;
  source: 'admin' | 'payment';
  isPaid: boolean;
  startDate: string;
  endDate: string;
  classesRemaining: number;
  revoked: boolean;
  createdAt: Date;
}
export interface SeededWaitlist {
  sessionId: number;
  status: WaitlistStatus;
}

export interface DashboardSeed {
  users: SeededUser[];
  schedules: SeededSchedule[];
  sessions: SeededSession[];
  reservations: SeededReservation[];
  payments: SeededPayment[];
  userPlans: SeededUserPlan[];
  waitlist: SeededWaitlist[];
  catalogue: Plan[];
}

const HOUR = 3600_000;

/**
 * A studio's data around `today` (`days` either side): clients, a timetable (the seeded one is
 * switched off), classes with bookings and attendance, payments in every state, plans given by
 * the admin and bought, waitlists. Every row is returned as written, for the tests' own sums.
 */
export async function seedDashboard(
  t: TestApp,
  options: { today: string; days: number; clients: number; seed: number; nowUtc: Date },
): Promise<DashboardSeed> {
  const rnd = randomFrom(options.seed);
  const manager = t.dataSource.manager;
  const first = addDays(options.today, -options.days);
  const last = addDays(options.today, options.days);
  const instantAround = () =>
    new Date(Date.parse(`${first}T00:00:00Z`) + rnd.int(0, options.days * 2 * 24) * HOUR + rnd.int(0, 3599) * 1000);

  await manager.createQueryBuilder().update(Schedule).set({ active: false }).execute();
  const catalogue = await manager.find(Plan, { order: { id: 'ASC' } });

  const users: SeededUser[] = [];
  for (let i = 0; i < options.clients; i++) {
    const phones = [
      null,
      '55 1234 56' + String(i % 100).padStart(2, '0'),
      '+52 1 33 1234 56' + String(i % 100).padStart(2, '0'),
      '12',
    ];
    const row = {
      name: `Cliente Panel ${i}`,
      email: `panel${i}.${options.seed}@example.com`,
      phone: phones[i % phones.length],
      passwordHash: 'x',
      birthDate: '1990-01-01',
      role: 'user' as const,
      active: i % 11 !== 5,
      createdAt: instantAround(),
    };
    const inserted = await manager.insert(User, row);
    users.push({ id: Number(inserted.identifiers[0].id), ...row });
  }

  const schedules: SeededSchedule[] = [];
  const slotDefs: Array<[number, string, number, Date]> = [
    [1, '06:00', 6, new Date('2020-01-01T00:00:00Z')],
    [1, '07:00', 8, new Date('2020-01-01T00:00:00Z')],
    [3, '19:00', 5, new Date('2020-01-01T00:00:00Z')],
    [5, '08:00', 6, new Date('2020-01-01T00:00:00Z')],
    // Created in the middle of the data: offered only from its first day on.
    [6, '09:00', 4, new Date(Date.parse(`${options.today}T12:00:00Z`) - 10 * 24 * HOUR)],
  ];
  for (const [weekday, startTime, capacity, createdAt] of slotDefs) {
    const inserted = await manager.insert(Schedule, {
      weekday,
      startTime,
      capacity,
      durationMinutes: 50,
      active: true,
      createdAt,
    });
    schedules.push({ id: Number(inserted.identifiers[0].id), weekday, startTime, capacity, createdAt });
  }

  const userPlans: SeededUserPlan[] = [];
  for (const user of users) {
    const count = rnd.int(0, 2);
    for (let k = 0; k < count; k++) {
      const plan = catalogue[rnd.int(0, catalogue.length - 1)];
      const start = addDays(options.today, rnd.int(-40, 5));
      const end = rnd.next() < 0.3 ? addDays(options.today, rnd.int(0, 9)) : addDays(start, rnd.int(10, 45));
      const row = {
        userId: user.id,
        planId: rnd.next() < 0.1 ? null : plan.id,
        planName: plan.name,
        classesTotal: plan.classCount,
        classesRemaining: rnd.int(0, plan.classCount),
        startDate: start,
        endDate: end < start ? start : end,
        isPaid: rnd.next() < 0.7,
        source: (rnd.next() < 0.6 ? 'admin' : 'payment') as 'admin' | 'payment',
        revokedAt: rnd.next() < 0.1 ? new Date(options.nowUtc.getTime() - HOUR) : null,
        createdAt: instantAround(),
      };
      const inserted = await manager.insert(UserPlan, row);
      userPlans.push({ id: Number(inserted.identifiers[0].id), ...row, revoked: row.revokedAt !== null });
    }
  }

  const withPlan = users.filter((u) => userPlans.some((p) => p.userId === u.id));
  const planOf = (userId: number): number => userPlans.find((p) => p.userId === userId)!.id;
  const sessions: SeededSession[] = [];
  const reservations: SeededReservation[] = [];
  const waitlist: SeededWaitlist[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    for (const schedule of schedules.filter((s) => s.weekday === weekday)) {
      if (rnd.next() < 0.25) continue; // never booked: only the timetable offers it
      if (date < new Date(schedule.createdAt.getTime() - 6 * HOUR).toISOString().slice(0, 10)) continue; // not in the timetable yet
      const status = rnd.next() < 0.08 ? 'cancelled' : 'scheduled';
      // No walk-ins paid at the studio (no plan) here: every booking has a plan.
      const bookers =
        status === 'cancelled'
          ? []
          : withPlan
              .sort(() => rnd.next() - 0.5)
              .slice(0, rnd.next() < 0.3 ? schedule.capacity : rnd.int(0, schedule.capacity));
      const inserted = await manager.insert(ClassSession, {
        scheduleId: schedule.id,
        date,
        startTime: schedule.startTime,
        capacity: schedule.capacity,
        reservedCount: bookers.length,
        status,
      });
      const sessionId = Number(inserted.identifiers[0].id);
      sessions.push({
        id: sessionId,
        scheduleId: schedule.id,
        date,
        startTime: schedule.startTime,
        capacity: schedule.capacity,
        status,
        reserved: bookers.length,
      });
      const past = date < options.today || (date === options.today && schedule.startTime <= '06:00');
      for (const user of bookers) {
        const roll = rnd.next();
        const attended = !past ? null : roll < 0.6 ? true : roll < 0.8 ? false : null;
        await manager.insert(Reservation, {
          classSessionId: sessionId,
          userId: user.id,
          userPlanId: planOf(user.id),
          status: 'active',
          activeMarker: 1,
          attended,
        });
        reservations.push({ sessionId, userId: user.id, active: true, attended, userPlanId: planOf(user.id) });
      }
      // A cancelled booking of another client: counts nowhere.
      const other = withPlan.find((u) => !bookers.includes(u));
      if (other && rnd.next() < 0.3) {
        await manager.insert(Reservation, {
          classSessionId: sessionId,
          userId: other.id,
          userPlanId: planOf(other.id),
          status: 'cancelled',
          activeMarker: null,
          attended: null,
        });
        reservations.push({ sessionId, userId: other.id, active: false, attended: null, userPlanId: planOf(other.id) });
      }
      if (bookers.length === schedule.capacity && rnd.next() < 0.7) {
        const waiting = users.filter((u) => !bookers.includes(u)).slice(0, rnd.int(1, 3));
        for (const [index, user] of waiting.entries()) {
          const status: WaitlistStatus =
            index === 0 && rnd.next() < 0.5 ? 'promoted' : rnd.next() < 0.5 ? 'waiting' : 'left';
          await manager.insert(WaitlistEntry, {
            classSessionId: sessionId,
            userId: user.id,
            status,
            waitingMarker: status === 'waiting' ? 1 : null,
            createdAt: options.nowUtc,
          });
          waitlist.push({ sessionId, status });
        }
      }
    }
  }

  const payments: SeededPayment[] = [];
  const statuses: PaymentStatus[] = [
    'approved',
    'approved',
    'approved',
    'refunded',
    'charged_back',
    'pending',
    'rejected',
  ];
  for (let i = 0; i < options.clients * 2; i++) {
    const plan = catalogue[rnd.int(0, catalogue.length - 1)];
    const status = statuses[rnd.int(0, statuses.length - 1)];
    const settled = ['approved', 'refunded', 'charged_back'].includes(status);
    const commission = Math.round(plan.priceCents * 0.04);
    const total = plan.priceCents + commission;
    const row = {
      userId: users[i % users.length].id,
      planId: plan.id,
      planName: plan.name,
      classCount: plan.classCount,
      priceCents: plan.priceCents,
      commissionCents: commission,
      totalCents: total,
      status,
      reference: `pilates-panel-${options.seed}-${i}`,
      approvedAt: settled ? instantAround() : null,
      paidCents: settled ? (rnd.next() < 0.2 ? null : total) : null,
      refundedCents: status === 'approved' && rnd.next() < 0.2 ? rnd.int(1, total) : status === 'refunded' ? total : 0,
      issue: (settled && rnd.next() < 0.1
        ? 'not_live'
        : settled && rnd.next() < 0.1
          ? 'duplicate'
          : null) as SeededPayment['issue'],
    };
    await manager.insert(Payment, row);
    payments.push(row);
  }
  // The clients' stored attendance counters, which the app keeps with every mark.
  await manager.query(recountAttendanceSql);
  await manager.query(recountClassAttendanceSql);
  return { users, schedules, sessions, reservations, payments, userPlans, waitlist, catalogue };
}

/** Adds rows exactly at a studio midnight's edges (Mexico City, UTC-6): one second before and at it. */
export async function seedMidnightEdges(
  t: TestApp,
  userId: number,
  plan: Plan,
  midnightUtc: Date,
): Promise<SeededPayment[]> {
  const rows: SeededPayment[] = [];
  for (const [i, at] of [new Date(midnightUtc.getTime() - 1000), midnightUtc].entries()) {
    const row = {
      userId,
      planId: plan.id,
      planName: plan.name,
      classCount: plan.classCount,
      priceCents: plan.priceCents,
      commissionCents: 0,
      totalCents: plan.priceCents,
      status: 'approved' as PaymentStatus,
      reference: `pilates-edge-${midnightUtc.getTime()}-${i}`,
      approvedAt: at,
      paidCents: plan.priceCents + i,
      refundedCents: 0,
      issue: null,
    };
    await t.dataSource.manager.insert(Payment, row);
    rows.push(row);
  }
  return rows;
}
