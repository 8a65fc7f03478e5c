import type { WaitlistStatus } from '../reservations/entities/waitlist-entry.entity';
import type { StudioNow } from '../reservations/reservations.repository';
import type {
  WaitingClient,
  WaitlistClass,
  WaitlistLine,
  WaitlistRepository,
} from '../reservations/waitlist.repository';
import { type InMemoryDatabase, UniqueViolation, type WaitlistRow } from './in-memory-database';

/** The WaitlistRepository methods the booking and waitlist rules call. */
type Used =
  | 'lockClass'
  | 'classById'
  | 'addWaiting'
  | 'removeWaiting'
  | 'insertEntry'
  | 'isWaiting'
  | 'positionOf'
  | 'entryById'
  | 'headOf'
  | 'endEntry'
  | 'waitingInClass'
  | 'allWaitingOfUser'
  | 'waitingOfUser'
  | 'waitingOnDate'
  | 'waitingOfUserOnDate'
  | 'waitingUntil'
  | 'classesWithFreePlaceAndWaiting';

/** A class not yet past `from`, as the SQL compares studio dates and times. */
const notPast = (klass: { date: string; startTime: string }, from: StudioNow) =>
  klass.date > from.today || (klass.date === from.today && klass.startTime > from.timeOfDay);

/**
 * WaitlistRepository over the in-memory tables, with the SQL's semantics: conditional updates
 * say whether they changed a row, a client waits at most once per class (the unique index), and
 * a position is 1 + the waiting entries of the class ahead of it.
 */
export class InMemoryWaitlistRepository implements Pick<WaitlistRepository, Used> {
  /** The classes whose row lock was taken, in order (the lock order is part of the rules). */
  readonly locked: number[] = [];

  constructor(private readonly db: InMemoryDatabase) {}

  lockClass(classId: number): Promise<void> {
    this.locked.push(classId);
    return Promise.resolve();
  }

  classById(classId: number): Promise<WaitlistClass | undefined> {
    const klass = this.db.classes.find((c) => c.id === classId);
    if (!klass) return Promise.resolve(undefined);
    const schedule = this.db.schedules.find((s) => s.id === klass.scheduleId);
    return Promise.resolve({
      id: klass.id,
      scheduleId: klass.scheduleId,
      date: klass.date,
      startTime: klass.startTime,
      durationMinutes: schedule?.durationMinutes ?? 50,
      instructor: klass.instructor,
      capacity: klass.capacity,
      reservedCount: klass.reservedCount,
      waitingCount: klass.waitingCount,
      status: klass.status,
      classTypeId: this.db.classTypeOf(schedule).id,
      classTypeName: this.db.classTypeOf(schedule).name,
      classTypeLevel: this.db.classTypeOf(schedule).level,
    });
  }

  addWaiting(classId: number, max: number): Promise<boolean> {
    const klass = this.db.classes.find(
      (c) => c.id === classId && c.status === 'scheduled' && c.reservedCount >= c.capacity && c.waitingCount < max,
    );
    if (klass) klass.waitingCount++;
    return Promise.resolve(klass !== undefined);
  }

  removeWaiting(classId: number): Promise<void> {
    const klass = this.db.classes.find((c) => c.id === classId && c.waitingCount > 0);
    if (klass) klass.waitingCount--;
    return Promise.resolve();
  }

  insertEntry(classId: number, userId: number, at: Date): Promise<number> {
    if (this.db.waitlist.some((e) => e.classSessionId === classId && e.userId === userId && e.status === 'waiting')) {
      return Promise.reject(new UniqueViolation('uq_waitlist_waiting'));
    }
    const row: WaitlistRow = {
      id: this.db.nextId('waitlist'),
      classSessionId: classId,
      userId,
      status: 'waiting',
      reason: null,
      reservationId: null,
      createdAt: at,
      endedAt: null,
    };
    this.db.waitlist.push(row);
    return Promise.resolve(row.id);
  }

  isWaiting(classId: number, userId: number): Promise<boolean> {
    return Promise.resolve(
      this.db.waitlist.some((e) => e.classSessionId === classId && e.userId === userId && e.status === 'waiting'),
    );
  }

  positionOf(entryId: number): Promise<number> {
    const entry = this.db.waitlist.find((e) => e.id === entryId);
    return Promise.resolve(entry ? this.position(entry) : 0);
  }

  entryById(id: number): Promise<WaitingClient | undefined> {
    const entry = this.db.waitlist.find((e) => e.id === id);
    return Promise.resolve(entry && this.waitingClient(entry));
  }

  headOf(classId: number): Promise<WaitingClient | undefined> {
    const head = this.waitingIn(classId)[0];
    return Promise.resolve(head && this.waitingClient(head));
  }

  endEntry(
    id: number,
    status: Exclude<WaitlistStatus, 'waiting'>,
    at: Date,
    details: { reason?: string; reservationId?: number } = {},
  ): Promise<boolean> {
    const entry = this.db.waitlist.find((e) => e.id === id && e.status === 'waiting');
    if (entry) {
      Object.assign(entry, {
        status,
        endedAt: at,
        reason: details.reason ?? null,
        reservationId: details.reservationId ?? null,
      });
    }
    return Promise.resolve(entry !== undefined);
  }

  waitingInClass(classId: number): Promise<WaitingClient[]> {
    return Promise.resolve(this.waitingIn(classId).map((e) => this.waitingClient(e)));
  }

  allWaitingOfUser(userId: number): Promise<{ id: number; classSessionId: number }[]> {
    return Promise.resolve(
      this.db.waitlist
        .filter((e) => e.userId === userId && e.status === 'waiting')
        .map((e) => ({ id: e.id, classSessionId: e.classSessionId })),
    );
  }

  waitingOfUser(userId: number, from: StudioNow): Promise<WaitlistLine[]> {
    return Promise.resolve(
      this.lines((e) => e.userId === userId)
        .filter((line) => notPast(line, from))
        .sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime)),
    );
  }

  waitingOnDate(date: string): Promise<WaitlistLine[]> {
    return Promise.resolve(this.lines(() => true).filter((line) => line.date === date));
  }

  waitingOfUserOnDate(userId: number, date: string): Promise<WaitlistLine[]> {
    return Promise.resolve(this.lines((e) => e.userId === userId).filter((line) => line.date === date));
  }

  waitingUntil(until: StudioNow): Promise<WaitlistLine[]> {
    return Promise.resolve(
      this.lines(() => true)
        .filter((line) => line.date < until.today || (line.date === until.today && line.startTime <= until.timeOfDay))
        .slice(0, 200),
    );
  }

  classesWithFreePlaceAndWaiting(scheduleId: number, from: StudioNow): Promise<number[]> {
    return Promise.resolve(
      this.db.classes
        .filter(
          (c) =>
            c.scheduleId === scheduleId &&
            c.status === 'scheduled' &&
            c.waitingCount > 0 &&
            c.reservedCount < c.capacity &&
            notPast(c, from),
        )
        .map((c) => c.id),
    );
  }

  private waitingIn(classId: number): WaitlistRow[] {
    return this.db.waitlist
      .filter((e) => e.classSessionId === classId && e.status === 'waiting')
      .sort((a, b) => a.id - b.id);
  }

  private position(entry: WaitlistRow): number {
    return this.waitingIn(entry.classSessionId).filter((e) => e.id <= entry.id).length;
  }

  private waitingClient(entry: WaitlistRow): WaitingClient {
    const user = this.db.users.find((u) => u.id === entry.userId);
    if (!user) throw new Error(`no user ${entry.userId}`);
    return {
      id: entry.id,
      classSessionId: entry.classSessionId,
      userId: entry.userId,
      status: entry.status,
      name: user.name,
      email: user.email,
      active: user.active,
    };
  }

  /** Waiting entries with their class, ordered by class, then line. */
  private lines(where: (entry: WaitlistRow) => boolean): WaitlistLine[] {
    return this.db.waitlist
      .filter((e) => e.status === 'waiting' && where(e))
      .sort((a, b) => a.classSessionId - b.classSessionId || a.id - b.id)
      .map((e) => {
        const klass = this.db.classOf(e.classSessionId);
        const schedule = this.db.schedules.find((s) => s.id === klass.scheduleId);
        const user = this.db.users.find((u) => u.id === e.userId);
        return {
          id: e.id,
          classSessionId: e.classSessionId,
          userId: e.userId,
          name: user?.name ?? '',
          email: user?.email ?? '',
          date: klass.date,
          startTime: klass.startTime,
          durationMinutes: schedule?.durationMinutes ?? 50,
          instructor: klass.instructor,
          position: this.position(e),
        };
      });
  }
}
