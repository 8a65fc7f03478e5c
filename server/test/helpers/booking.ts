import { addDays, mondayOf } from '@pilates/dates';
import type { FindOptionsWhere } from 'typeorm';
import { User } from '../../src/auth/entities/user.entity';
import { UserPlan } from '../../src/planes/entities/user-plan.entity';
import { ClassSession } from '../../src/reservations/entities/class-session.entity';
import { Reservation } from '../../src/reservations/entities/reservation.entity';
import { Schedule } from '../../src/reservations/entities/schedule.entity';
import { loginAs, registerUser } from './accounts';
import type { TestApp } from './test-app';

/** Monday 2026-11-23, 06:00 in Mexico City (UTC-6): the studio's "now" in the booking tests. */
export const NOW = new Date('2026-11-23T12:00:00.000Z');
export const TODAY = '2026-11-23';
export const NEXT_MONDAY = addDays(mondayOf(TODAY), 7);

export const ADMIN = { email: 'admin@test.local', password: 'admin-password-1' };

export const adminAgent = (t: TestApp) => loginAs(t, ADMIN.email, ADMIN.password);

let clientCount = 0;
/** A new client, logged in. */
export async function newClient(t: TestApp, name = 'Cliente') {
  clientCount++;
  return registerUser(t, { name: `${name} ${clientCount}`, email: `cliente${clientCount}.${Date.now()}@example.com` });
}

/** Gives a user a plan directly in the database: any dates and counts, no admin session (admin.int-spec.ts tests the admin's way). */
export async function givePlan(
  t: TestApp,
  userId: number,
  plan: { classes: number; start?: string; end?: string; name?: string },
): Promise<number> {
  const inserted = await t.dataSource.getRepository(UserPlan).insert({
    userId,
    planId: null,
    planName: plan.name ?? 'Ocho Clases',
    classesTotal: plan.classes,
    classesRemaining: plan.classes,
    startDate: plan.start ?? TODAY,
    endDate: plan.end ?? '2026-12-22',
    isPaid: true,
    source: 'admin',
  });
  return Number(inserted.identifiers[0].id);
}

/** A new client (`name` and a number) with a plan: its agent, id, e-mail, name and the plan's id. */
export async function clientWithPlan(t: TestApp, name: string, plan: Parameters<typeof givePlan>[2]) {
  const { agent, user } = await newClient(t, name);
  const planId = await givePlan(t, user.id, plan);
  return { agent, id: user.id, email: user.email, name: user.name, planId };
}
export type PlanClient = Awaited<ReturnType<typeof clientWithPlan>>;

export const remainingOf = async (t: TestApp, planId: number) =>
  (await t.dataSource.getRepository(UserPlan).findOneByOrFail({ id: planId })).classesRemaining;

/** The timetable class of a weekday and time, e.g. (1, '07:00') for Monday 7:00. */
export const scheduleAt = (t: TestApp, weekday: number, startTime: string) =>
  t.dataSource.getRepository(Schedule).findOneByOrFail({ weekday, startTime });

export const sessionOf = (t: TestApp, scheduleId: number, date: string) =>
  t.dataSource.getRepository(ClassSession).findOneBy({ scheduleId, date });

export const activeReservations = (t: TestApp, where: FindOptionsWhere<Reservation> = {}) =>
  t.dataSource.getRepository(Reservation).countBy({ status: 'active', ...where });

export const userByEmail = (t: TestApp, email: string) => t.dataSource.getRepository(User).findOneByOrFail({ email });
