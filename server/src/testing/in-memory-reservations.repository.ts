import { isoWeekday } from '@pilates/dates';
import type { ReservationInfo, ReservationsRepository, Slot } from '../reservations/reservations.repository';
import { type ClassRow, type InMemoryDatabase, type ReservationRow, UniqueViolation } from './in-memory-database';

/** The ReservationsRepository methods the booking, waitlist and class rules call. */
type Used =
  | 'clientById'
  | 'slotsOn'
  | 'createSessionOnce'
  | 'activeReservationExists'
  | 'takePlace'
  | 'heldPlaces'
  | 'isClassCancelled'
  | 'insertReservation'
  | 'closeClass'
  | 'cancelReservationRow'
  | 'releasePlace'
  | 'reservationById'
  | 'activeInClass'
  | 'upcomingOfUser';

/**
 * ReservationsRepository over the in-memory tables, with the SQL's semantics: the conditional
 * UPDATEs change a row only when their WHERE holds and say whether they did, and the unique
 * index on a client's active place in a class refuses a second one.
 */
export class InMemoryReservationsRepository implements Pick<ReservationsRepository, Used> {
  constructor(private readonly db: InMemoryDatabase) {}

  clientById(userId: number) {
    const user = this.db.users.find((u) => u.id === userId);
    return Promise.resolve(user ? { id: user.id, name: user.name, email: user.email, active: user.active } : null);
  }

  /** The weekday's active timetable entries (and inactive ones people booked), merged with the date's class rows. */
  slotsOn(date: string): Promise<Slot[]> {
    const weekday = isoWeekday(date);
    const slots: Slot[] = [];
    for (const schedule of this.db.schedules.filter((s) => s.weekday === weekday)) {
      const klass = this.db.classes.find((c) => c.scheduleId === schedule.id && c.date === date);
      if (!schedule.active && !(klass && klass.reservedCount > 0)) continue;
      slots.push({
        scheduleId: schedule.id,
        classId: klass?.id ?? null,
        date,
        startTime: klass?.startTime ?? schedule.startTime,
        durationMinutes: schedule.durationMinutes,
        capacity: klass?.capacity ?? schedule.capacity,
        reservedCount: klass?.reservedCount ?? 0,
        waitingCount: klass?.waitingCount ?? 0,
        cancelled: klass?.status === 'cancelled',
        instructorId: klass ? klass.instructorId : schedule.instructorId,
        instructor: klass ? klass.instructor : schedule.instructor,
        substitute: false,
        instructorPhoto: null,
        // The unit tests' fake has no room: reformers are the integration tests' subject.
        takenSpotIds: [],
        classType: { ...this.db.classTypeOf(schedule) },
      });
    }
    return Promise.resolve(slots.sort((a, b) => a.startTime.localeCompare(b.startTime) || a.scheduleId - b.scheduleId));
  }

  createSessionOnce(slot: Slot): Promise<number> {
    const existing = this.db.classes.find((c) => c.scheduleId === slot.scheduleId && c.date === slot.date);
    if (existing) return Promise.resolve(existing.id);
    const row: ClassRow = {
      id: this.db.nextId('classes'),
      scheduleId: slot.scheduleId,
      date: slot.date,
      startTime: slot.startTime,
      capacity: slot.capacity,
      instructorId: slot.instructorId,
      instructor: slot.instructor,
      reservedCount: 0,
      waitingCount: 0,
      status: 'scheduled',
    };
    this.db.classes.push(row);
    return Promise.resolve(row.id);
  }

  activeReservationExists(classId: number, userId: number): Promise<boolean> {
    return Promise.resolve(
      this.db.reservations.some((r) => r.classSessionId === classId && r.userId === userId && r.status === 'active'),
    );
  }

  takePlace(classId: number, waitlistFirst = false): Promise<boolean> {
    const klass = this.db.classes.find((c) => c.id === classId);
    const free =
      klass !== undefined &&
      klass.reservedCount < klass.capacity &&
      klass.status === 'scheduled' &&
      (!waitlistFirst || klass.waitingCount === 0);
    if (free) klass.reservedCount++;
    return Promise.resolve(free);
  }

  /** Checkouts hold no places in these rules' tests. */
  heldPlaces(): Promise<number> {
    return Promise.resolve(0);
  }

  isClassCancelled(classId: number): Promise<boolean> {
    const klass = this.db.classes.find((c) => c.id === classId);
    if (!klass) return Promise.reject(new Error(`no class ${classId}`));
    return Promise.resolve(klass.status === 'cancelled');
  }

  insertReservation(values: {
    classId: number;
    userId: number;
    userPlanId: number | null;
    cancelHours: number;
    cancelGraceUntil?: Date | null;
  }): Promise<number> {
    if (
      this.db.reservations.some(
        (r) => r.classSessionId === values.classId && r.userId === values.userId && r.status === 'active',
      )
    ) {
      return Promise.reject(new UniqueViolation('uq_reservations_active'));
    }
    const row: ReservationRow = {
      id: this.db.nextId('reservations'),
      classSessionId: values.classId,
      userId: values.userId,
      userPlanId: values.userPlanId,
      paidAtStudio: values.userPlanId === null,
      status: 'active',
      cancelledAt: null,
      cancelledBy: null,
      cancelGraceUntil: values.cancelGraceUntil ?? null,
      cancelHours: values.cancelHours,
      lateReleasedAt: null,
      forgivenAt: null,
      attended: null,
      calendarSequence: 0,
    };
    this.db.reservations.push(row);
    return Promise.resolve(row.id);
  }

  closeClass(classId: number): Promise<boolean> {
    const klass = this.db.classes.find((c) => c.id === classId && c.status === 'scheduled');
    if (klass) klass.status = 'cancelled';
    return Promise.resolve(klass !== undefined);
  }

  cancelReservationRow(id: number, cancelledBy: number, at: Date): Promise<boolean> {
    const row = this.db.reservations.find((r) => r.id === id && r.status === 'active');
    if (row) {
      Object.assign(row, {
        status: 'cancelled',
        cancelledAt: at,
        cancelledBy,
        calendarSequence: row.calendarSequence + 1,
      });
    }
    return Promise.resolve(row !== undefined);
  }

  releasePlace(classId: number): Promise<void> {
    const klass = this.db.classes.find((c) => c.id === classId && c.reservedCount > 0);
    if (klass) klass.reservedCount--;
    return Promise.resolve();
  }

  reservationById(id: number): Promise<ReservationInfo | undefined> {
    return Promise.resolve(this.infos((r) => r.id === id)[0]);
  }

  activeInClass(classId: number): Promise<ReservationInfo[]> {
    return Promise.resolve(this.infos((r) => r.classSessionId === classId && r.status === 'active'));
  }

  upcomingOfUser(userId: number, fromDate: string): Promise<ReservationInfo[]> {
    return Promise.resolve(
      this.infos((r) => r.userId === userId && r.status === 'active')
        .filter((info) => info.date >= fromDate)
        .sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime)),
    );
  }

  /** Reservations joined with their class, timetable entry and user, as the repository's `infos` reads them. */
  private infos(where: (row: ReservationRow) => boolean): ReservationInfo[] {
    return this.db.reservations
      .filter(where)
      .sort((a, b) => a.id - b.id)
      .map((r) => {
        const klass = this.db.classOf(r.classSessionId);
        const schedule = this.db.schedules.find((s) => s.id === klass.scheduleId);
        const user = this.db.users.find((u) => u.id === r.userId);
        return {
          id: r.id,
          userId: r.userId,
          userPlanId: r.userPlanId,
          classSessionId: r.classSessionId,
          status: r.status,
          date: klass.date,
          startTime: klass.startTime,
          durationMinutes: schedule?.durationMinutes ?? 50,
          instructor: klass.instructor,
          classType: { name: this.db.classTypeOf(schedule).name, level: this.db.classTypeOf(schedule).level },
          name: user?.name ?? '',
          email: user?.email ?? '',
          cancelGraceUntil: r.cancelGraceUntil ? new Date(r.cancelGraceUntil) : null,
          cancelHours: r.cancelHours,
          attended: r.attended,
          spot: null,
          lateReleasedAt: r.lateReleasedAt,
          forgivenAt: r.forgivenAt,
          sequence: r.calendarSequence,
        };
      });
  }
}
