import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { isoWeekday } from '@pilates/dates';
import { IsNull, type SelectQueryBuilder } from 'typeorm';
import { User } from '../auth/entities';
import { fromDbDatetime, sqlDatetime, toDate as fromDbDate } from '../core/database/column-types';
import { DirectReader } from '../core/database/direct-reader';
import { ClassSession } from './entities/class-session.entity';
import { Reservation } from './entities/reservation.entity';
import { Schedule } from './entities/schedule.entity';
import { SecondReminder } from './entities/second-reminder.entity';
import {
  ROOM_ON_SQL,
  SLOTS_SQL,
  SLOTS_WITH_EVERYONE_SQL,
  SLOTS_WITH_ONE_SQL,
  toNullableBoolean,
  toNullableNumber,
  toRoomOn,
  toSlot,
  type RoomOn,
  type Slot,
  type RoomRow,
  type SlotRow,
} from './slots.sql';

export type { Slot } from './slots.sql';

/** A class of the no-show job: when it ends, and whether attendance was taken (markedCount > 0). */
export interface UnmarkedClass {
  classId: number;
  date: string;
  startTime: string;
  durationMinutes: number;
  markedCount: number;
}

/** A strike of the strike rule: a no-show or a late release, by its class's date. */
export interface Strike {
  date: string;
  kind: 'no_show' | 'late_release';
}

/** Someone booked in a class. */
export interface Enrolled {
  reservationId: number;
  id: number;
  name: string;
  email: string;
  /** Marked at the door: null until marked (read only for rosters). */
  attended: boolean | null;
  /** A walk-in without a plan, paid at the studio. */
  paidAtStudio: boolean;
  /** A late promotion's grace to cancel (read only for the caller's own place). */
  cancelGraceUntil: Date | null;
  /** The cancellation window the place was sold with (read only for the caller's own place). */
  cancelHours: number | null;
  /** Their reformer, and (rosters only) its label; null on places booked before the room was drawn. */
  spotId: number | null;
  spotLabel: string | null;
  /** Rosters only: a late release or a no-show forgiven by an admin ("Perdonar"). */
  forgivenAt?: Date | null;
}

/** A place its client released after the deadline ("Liberar lugar"): on the roster, no longer booked. */
export interface ReleasedPlace {
  reservationId: number;
  id: number;
  name: string;
  email: string;
  releasedAt: Date;
  forgivenAt: Date | null;
}

/** How often a client came and did not come to the classes they held a place in. */
export interface AttendanceCounts {
  attended: number;
  noShow: number;
}

export interface SlotWithPeople extends Slot {
  people: Enrolled[];
}

/** A reservation with what a cancellation, a reminder or a calendar entry needs to know about it. */
export interface ReservationInfo {
  id: number;
  userId: number;
  /** NULL for a walk-in paid at the studio: nothing to give back on cancellation. */
  userPlanId: number | null;
  classSessionId: number;
  status: string;
  date: string;
  startTime: string;
  durationMinutes: number;
  instructor: string | null;
  name: string;
  email: string;
  /** Set when a late promotion from the waitlist lets the client cancel past the usual deadline. */
  cancelGraceUntil: Date | null;
  /** The cancellation window the booking was sold with (null: rows written around the app). */
  cancelHours: number | null;
  /** Marked at the door: null until marked. */
  attended: boolean | null;
  /** The reformer's label; null for a reservation made before the room was drawn. */
  spot: string | null;
  /** Released after the deadline ("Liberar lugar"): the class was not returned. */
  lateReleasedAt: Date | null;
  /** Forgiven by an admin ("Perdonar"). */
  forgivenAt: Date | null;
  /** Its calendar event's revision (SEQUENCE). */
  sequence: number;
  /** The timetable entry's class type (its level: basico, intermedio, avanzado or prenatal). */
  classType: { name: string; level: string };
}

/** One line of a client's "Mis clases". */
export interface MyClassRow {
  id: number;
  date: string;
  startTime: string;
  instructor: string | null;
  cancelGraceUntil: Date | null;
  cancelHours: number | null;
  attended: boolean | null;
  /** The reservation's reformer (both null before the room was drawn). */
  spotId: number | null;
  spotLabel: string | null;
  /** Released after the deadline ("Liberar lugar"): listed, but no longer booked. */
  lateReleasedAt: Date | null;
  /** A late release or a no-show forgiven by an admin ("Perdonar"). */
  forgivenAt: Date | null;
}

/** The studio's "now" as SQL compares it: a class has started when its date and time are not after these. */
export interface StudioNow {
  today: string;
  timeOfDay: string;
}

/**
 * Parameters: user id, user id. How many active reservations a client has (a count over the index
 * alone), and whether one lacks its class's date (NULLs come first in the index: one probe).
 */
/**
 * A client's classes: the active reservations and the places released late ("Liberar lugar"), which
 * stay in the list as "Lugar liberado" (the class was used). Other cancellations leave it. The IN on
 * status keeps ix_reservations_user_class's (user_id, status, class_date) ranges (an OR alone does not).
 */
const KEPT = "status IN ('active', 'cancelled') AND (status = 'active' OR late_released_at IS NOT NULL)";
const KEPT_R = "r.status IN ('active', 'cancelled') AND (r.status = 'active' OR r.late_released_at IS NOT NULL)";
const MY_CLASSES_TOTAL_SQL = `SELECT COUNT(*) AS total,
    (SELECT 1 FROM reservations nd WHERE nd.user_id = ? AND nd.status IN ('active', 'cancelled')
      AND (nd.status = 'active' OR nd.late_released_at IS NOT NULL) AND nd.class_date IS NULL LIMIT 1) AS undated
  FROM reservations WHERE user_id = ? AND ${KEPT}`;
const MY_CLASS_COLUMNS = `r.id AS id, c.date AS date, c.start_time AS startTime, c.instructor AS instructor,
  r.cancel_grace_until AS cancelGraceUntil, r.cancel_hours AS cancelHours, r.attended AS attended, r.spot_id AS spotId,
  r.late_released_at AS lateReleasedAt, r.forgiven_at AS forgivenAt,
  (SELECT sp.label FROM spots sp WHERE sp.id = r.spot_id) AS spotLabel`;
/** Parameters: user id, today. What is booked from today on: few rows, however old the client. */
const MY_CLASSES_FROM_TODAY_SQL = `SELECT ${MY_CLASS_COLUMNS}
  FROM reservations r JOIN class_sessions c ON c.id = r.class_session_id
  WHERE r.user_id = ? AND ${KEPT_R} AND r.class_date >= ?`;
/**
 * Parameters: user id, today, how many to skip. The class date of the row that many rows back
 * before today, walking the index backwards: the page's rows all lie on or after it.
 */
const MY_CLASSES_EDGE_SQL = `SELECT class_date AS classDate FROM reservations
  WHERE user_id = ? AND ${KEPT} AND class_date < ?
  ORDER BY class_date DESC LIMIT 1 OFFSET ?`;
const MY_CLASSES_BEFORE_ORDER = 'ORDER BY c.date DESC, c.start_time DESC, r.id DESC LIMIT ? OFFSET ?';
/** Parameters: user id, edge date, today, how many, how many to skip. */
const MY_CLASSES_BEFORE_SQL = `SELECT ${MY_CLASS_COLUMNS}
  FROM reservations r JOIN class_sessions c ON c.id = r.class_session_id
  WHERE r.user_id = ? AND ${KEPT_R} AND r.class_date >= ? AND r.class_date < ?
  ${MY_CLASSES_BEFORE_ORDER}`;
/** Parameters: user id, today, how many, how many to skip (fewer rows before today than the page reaches). */
const MY_CLASSES_ALL_BEFORE_SQL = `SELECT ${MY_CLASS_COLUMNS}
  FROM reservations r JOIN class_sessions c ON c.id = r.class_session_id
  WHERE r.user_id = ? AND ${KEPT_R} AND r.class_date < ?
  ${MY_CLASSES_BEFORE_ORDER}`;

type MyClassSqlRow = Record<keyof MyClassRow, unknown>;

/**
 * All SQL of classes on dates and their reservations, on the ambient transaction (`txHost.tx`):
 * inside the caller's transaction when one is open, on their own otherwise. The hottest reads go
 * straight to the driver (DirectReader).
 */
@Injectable()
export class ReservationsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly direct: DirectReader,
  ) {}

  /** Who a booking is for: name and email for the mail, and whether the account is active. */
  clientById(userId: number): Promise<Pick<User, 'id' | 'name' | 'email' | 'active'> | null> {
    return this.txHost.tx.findOne(User, {
      select: { id: true, name: true, email: true, active: true },
      where: { id: userId },
    });
  }

  /** The date's classes, sorted by time, in one statement (straight on the driver: read outside transactions). */
  async slotsOn(date: string): Promise<Slot[]> {
    const rows = await this.direct.all<SlotRow>(SLOTS_SQL, [date, isoWeekday(date)]);
    return rows.map((row) => toSlot(date, row)).sort(byTime);
  }

  /** The date's classes with everyone booked in them. */
  /** The room on `date`: its live reformers, which are out of service that day, and how many are not. */
  async roomOn(date: string): Promise<RoomOn> {
    return toRoomOn(await this.direct.all<RoomRow>(ROOM_ON_SQL, [date, date]));
  }

  async slotsWithEveryoneOn(date: string): Promise<SlotWithPeople[]> {
    return withPeople(date, await this.direct.all<SlotRow>(SLOTS_WITH_EVERYONE_SQL, [date, isoWeekday(date)]));
  }

  /**
   * The places released late ("Liberar lugar") in these classes, by class: rosters list them apart
   * from the people booked. Through ix_reservations_session_attendance_user (class, status): a few
   * cancelled rows per class.
   */
  async releasedIn(classIds: number[]): Promise<Map<number, ReleasedPlace[]>> {
    const byClass = new Map<number, ReleasedPlace[]>();
    if (classIds.length === 0) return byClass;
    const rows = await this.txHost.tx
      .createQueryBuilder()
      .select('r.id', 'reservationId')
      .addSelect('r.class_session_id', 'classId')
      .addSelect('u.id', 'userId')
      .addSelect('u.name', 'name')
      .addSelect('u.email', 'email')
      .addSelect('r.late_released_at', 'releasedAt')
      .addSelect('r.forgiven_at', 'forgivenAt')
      .from(Reservation, 'r')
      .innerJoin(User, 'u', 'u.id = r.user_id')
      .where("r.class_session_id IN (:...classIds) AND r.status = 'cancelled' AND r.late_released_at IS NOT NULL", {
        classIds,
      })
      .orderBy('r.id')
      .getRawMany<{
        reservationId: unknown;
        classId: unknown;
        userId: unknown;
        name: string;
        email: string;
        releasedAt: Date | string;
        forgivenAt: Date | string | null;
      }>();
    for (const row of rows) {
      const classId = Number(row.classId);
      const list = byClass.get(classId) ?? [];
      list.push({
        reservationId: Number(row.reservationId),
        id: Number(row.userId),
        name: row.name,
        email: row.email,
        releasedAt: fromDbDatetime(row.releasedAt)!,
        forgivenAt: fromDbDatetime(row.forgivenAt),
      });
      byClass.set(classId, list);
    }
    return byClass;
  }

  /** The date's classes with only `userId`'s own place in them. */
  async slotsWithOneOn(date: string, userId: number): Promise<SlotWithPeople[]> {
    return withPeople(date, await this.direct.all<SlotRow>(SLOTS_WITH_ONE_SQL, [date, userId, isoWeekday(date)]));
  }

  /**
   * Creates the class row of a slot unless it exists (the unique (schedule, date) index decides a
   * race); its id. `capacity`: the slot's, at most the room's live reformers.
   */
  async createSessionOnce(slot: Slot, capacity: number): Promise<number> {
    await this.txHost.tx
      .createQueryBuilder()
      .insert()
      .into(ClassSession)
      .values({
        scheduleId: slot.scheduleId,
        date: slot.date,
        startTime: slot.startTime,
        capacity,
        instructorId: slot.instructorId,
        instructor: slot.instructor,
        reservedCount: 0,
        status: 'scheduled',
      })
      .orIgnore()
      // An ignored row has no generated id to read back.
      .updateEntity(false)
      .execute();
    const session = await this.txHost.tx.findOneByOrFail(ClassSession, {
      scheduleId: slot.scheduleId,
      date: slot.date,
    });
    return session.id;
  }

  /** Outside a transaction: a plain read, taking no lock. */
  activeReservationExists(classId: number, userId: number): Promise<boolean> {
    return this.txHost.tx.existsBy(Reservation, { classSessionId: classId, userId, status: 'active' });
  }

  /**
   * Takes one place, only while the class is below capacity and still scheduled. With
   * `waitlistFirst`, also only while nobody is waiting for it (a freed place goes to the line).
   * With `holds`, the places checkouts hold for others than `userId` at `now` (spot_holds) count as
   * taken (MySQL reads the subquery's rows with shared locks: a hold just committed is seen).
   */
  async takePlace(classId: number, waitlistFirst = false, holds?: { userId: number; now: Date }): Promise<boolean> {
    const held = holds
      ? ` + (SELECT COUNT(*) FROM spot_holds h WHERE h.class_session_id = class_sessions.id
            AND h.expires_at > :heldAt AND h.consumed_at IS NULL AND h.user_id <> :holder)`
      : '';
    const taken = await this.txHost.tx
      .createQueryBuilder()
      .update(ClassSession)
      .set({ reservedCount: () => 'reserved_count + 1' })
      .where(
        `id = :id AND reserved_count${held} < capacity AND status = 'scheduled'${waitlistFirst ? ' AND waiting_count = 0' : ''}`,
        { id: classId, heldAt: holds ? sqlDatetime(holds.now) : null, holder: holds?.userId ?? 0 },
      )
      .execute();
    return taken.affected === 1;
  }

  /**
   * How many places checkouts hold in the class at `now` for others than `exceptUserId` (0: anyone).
   * MySQL: a locking read, for callers holding the class row (a hold is written under it).
   */
  async heldPlaces(classId: number, now: Date, exceptUserId = 0): Promise<number> {
    const shared = this.txHost.tx.connection.options.type === 'better-sqlite3' ? '' : ' LOCK IN SHARE MODE';
    const rows: { n: number | string }[] = await this.txHost.tx.query(
      `SELECT COUNT(*) AS n FROM spot_holds h
        WHERE h.class_session_id = ? AND h.expires_at > ? AND h.consumed_at IS NULL AND h.user_id <> ?${shared}`,
      [classId, sqlDatetime(now), exceptUserId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async isClassCancelled(classId: number): Promise<boolean> {
    return (await this.txHost.tx.findOneByOrFail(ClassSession, { id: classId })).status === 'cancelled';
  }

  /** A new active reservation on a reformer (uq_reservations_spot refuses a taken one); its id. */
  async insertReservation(values: {
    classId: number;
    userId: number;
    userPlanId: number | null;
    spotId: number;
    /** The cancellation window the place is sold with (the owner's settings at booking time). */
    cancelHours: number;
    cancelGraceUntil?: Date | null;
    /** The studio clock's instant of the booking (a plan's history orders by it); the database's time without it. */
    bookedAt?: Date;
  }): Promise<number> {
    const inserted = await this.txHost.tx
      .createQueryBuilder()
      .insert()
      .into(Reservation)
      .values({
        classSessionId: values.classId,
        userId: values.userId,
        userPlanId: values.userPlanId,
        spotId: values.spotId,
        // No plan: a walk-in paid at the studio (the table's CHECK ties the two together).
        paidAtStudio: values.userPlanId === null,
        status: 'active',
        activeMarker: 1,
        cancelGraceUntil: values.cancelGraceUntil ?? null,
        cancelHours: values.cancelHours,
        ...(values.bookedAt ? { createdAt: values.bookedAt } : {}),
        // The class's date, from its row in the same statement ("Mis clases" reads it from an index).
        classDate: () => '(SELECT cd.date FROM class_sessions cd WHERE cd.id = :classDateOf)',
      })
      .setParameter('classDateOf', values.classId)
      .execute();
    return Number(inserted.identifiers[0].id);
  }

  /** The studio changed these classes (time, instructor): their active reservations' calendar events go one revision up. */
  async reviseCalendarOfClasses(classIds: number[]): Promise<void> {
    if (classIds.length === 0) return;
    await this.txHost.tx
      .createQueryBuilder()
      .update(Reservation)
      .set({ calendarSequence: () => 'calendar_sequence + 1' })
      .where("class_session_id IN (:...classIds) AND status = 'active'", { classIds })
      .execute();
  }

  /**
   * Who teaches these classes on their dates (a substitute, or back to the timetable's instructor
   * when `substitute` is false); only scheduled classes.
   */
  async setClassInstructor(
    classIds: number[],
    next: { instructorId: number | null; instructor: string | null; substitute: boolean },
  ): Promise<void> {
    if (classIds.length === 0) return;
    await this.txHost.tx
      .createQueryBuilder()
      .update(ClassSession)
      .set({ instructorId: next.instructorId, instructor: next.instructor, substitute: next.substitute })
      .where("id IN (:...classIds) AND status = 'scheduled'", { classIds })
      .execute();
  }

  /**
   * The studio changed who teaches these classes: their active reservations may be cancelled without
   * losing the class until `until` at least (a later grace already given stays).
   */
  async extendCancelGrace(classIds: number[], until: Date): Promise<void> {
    if (classIds.length === 0) return;
    await this.txHost.tx
      .createQueryBuilder()
      .update(Reservation)
      .set({ cancelGraceUntil: until })
      .where("class_session_id IN (:...classIds) AND status = 'active'", { classIds })
      .andWhere('(cancel_grace_until IS NULL OR cancel_grace_until < :until)', { until: sqlDatetime(until) })
      .execute();
  }

  /** Puts an active reservation on another reformer (uq_reservations_spot refuses a taken one); false when not active. */
  async moveToSpot(reservationId: number, spotId: number): Promise<boolean> {
    const result = await this.txHost.tx
      .createQueryBuilder()
      .update(Reservation)
      // Another reformer: the calendar event's revision goes up with it.
      .set({ spotId, calendarSequence: () => 'calendar_sequence + 1' })
      .where("id = :id AND status = 'active'", { id: reservationId })
      .execute();
    return result.affected === 1;
  }

  /** Marks a scheduled class cancelled; false when it was cancelled already. */
  async closeClass(classId: number): Promise<boolean> {
    const closed = await this.txHost.tx
      .createQueryBuilder()
      .update(ClassSession)
      .set({ status: 'cancelled' })
      .where("id = :id AND status = 'scheduled'", { id: classId })
      .execute();
    return closed.affected === 1;
  }

  /**
   * Cancels one active reservation row; false when it was no longer active. A marked one (an admin
   * cancelling after the class) takes its mark out of the client's counters: each conditional
   * update says which mark the row held.
   */
  async cancelReservationRow(id: number, cancelledBy: number, at: Date, lateRelease = false): Promise<boolean> {
    const cancel = (attended: 'IS NULL' | '= 1' | '= 0') =>
      this.txHost.tx
        .createQueryBuilder()
        .update(Reservation)
        .set({
          status: 'cancelled',
          activeMarker: null,
          cancelledAt: at,
          cancelledBy,
          // The event is cancelled in the client's calendar: a new revision.
          calendarSequence: () => 'calendar_sequence + 1',
          // "Liberar lugar": released after the deadline, the class stays used.
          ...(lateRelease ? { lateReleasedAt: at } : {}),
        })
        .where(`id = :id AND status = 'active' AND attended ${attended}`, { id })
        .execute();
    if ((await cancel('IS NULL')).affected === 1) return true;
    if ((await cancel('= 1')).affected === 1) {
      await this.moveAttendanceCounts(id, -1, 0);
      return true;
    }
    if ((await cancel('= 0')).affected === 1) {
      await this.moveAttendanceCounts(id, 0, -1);
      return true;
    }
    return false;
  }

  /**
   * Marks a late release (cancelled with late_released_at) or a no-show (active, attended = false)
   * forgiven, once: false when it was forgiven already or is neither (the conditional UPDATE decides
   * between two admins forgiving at once).
   */
  async forgiveRow(id: number, forgiveness: { by: number; at: Date; reason: string }): Promise<boolean> {
    const result = await this.txHost.tx
      .createQueryBuilder()
      .update(Reservation)
      .set({ forgivenAt: forgiveness.at, forgivenBy: forgiveness.by, forgiveReason: forgiveness.reason })
      .where(
        `id = :id AND forgiven_at IS NULL AND ((status = 'cancelled' AND late_released_at IS NOT NULL)
          OR (status = 'active' AND attended = 0))`,
        { id },
      )
      .execute();
    return result.affected === 1;
  }

  /** Writes what forgiving a reservation did to its plan (forgiveRow's caller, in its transaction). */
  async setForgiveReturned(id: number, returned: boolean): Promise<void> {
    await this.txHost.tx.getRepository(Reservation).update({ id }, { forgiveReturned: returned });
  }

  /** Whether forgiving a reservation gave its class back (false too when it was not forgiven). */
  async forgiveReturned(id: number): Promise<boolean> {
    const row = await this.txHost.tx
      .getRepository(Reservation)
      .findOne({ where: { id }, select: { id: true, forgiveReturned: true } });
    return row?.forgiveReturned === true;
  }

  /** Gives a place of a class back. */
  async releasePlace(classId: number): Promise<void> {
    await this.txHost.tx
      .createQueryBuilder()
      .update(ClassSession)
      .set({ reservedCount: () => 'reserved_count - 1' })
      .where('id = :id AND reserved_count > 0', { id: classId })
      .execute();
  }

  /**
   * Marks whether the client of an active reservation came. Only a change counts: false when the
   * reservation is not active or already holds that value (so marking twice writes nothing). The
   * client's stored counters move with the mark: each conditional update says which value it
   * replaced, so two admins marking at once cannot count one class twice.
   */
  async markAttendance(
    id: number,
    mark: { attended: boolean; by: number | null; at: Date },
    onlyUnmarked = false,
  ): Promise<boolean> {
    const set = (from: 'IS NULL' | '= 0' | '= 1') =>
      this.txHost.tx
        .createQueryBuilder()
        .update(Reservation)
        .set({ attended: mark.attended, attendanceMarkedAt: mark.at, attendanceMarkedBy: mark.by })
        .where(`id = :id AND status = 'active' AND attended ${from}`, { id })
        .execute();
    const up = mark.attended ? 1 : 0;
    if ((await set('IS NULL')).affected === 1) {
      await this.moveAttendanceCounts(id, up, 1 - up);
      return true;
    }
    // The automatic no-show job never overrides a mark an admin set meanwhile.
    if (onlyUnmarked) return false;
    if ((await set(mark.attended ? '= 0' : '= 1')).affected === 1) {
      await this.moveAttendanceCounts(id, 2 * up - 1, 1 - 2 * up);
      return true;
    }
    return false;
  }

  /**
   * The classes of `dates` (not cancelled) with active reservations nobody marked: their date, start,
   * duration and how many of their active reservations are marked. From ix_class_sessions_date and
   * ix_reservations_session_attendance_user.
   */
  async classesWithUnmarked(dates: string[]): Promise<UnmarkedClass[]> {
    const rows: Array<Record<string, unknown>> = await this.txHost.tx.query(
      `SELECT cs.id AS classId, cs.date AS date, cs.start_time AS startTime, s.duration_minutes AS durationMinutes,
              SUM(CASE WHEN r.attended IS NULL THEN 0 ELSE 1 END) AS markedCount
         FROM class_sessions cs
         JOIN schedules s ON s.id = cs.schedule_id
         JOIN reservations r ON r.class_session_id = cs.id AND r.status = 'active'
        WHERE cs.date IN (${dates.map(() => '?').join(', ')}) AND cs.status = 'scheduled'
        GROUP BY cs.id, cs.date, cs.start_time, s.duration_minutes
       HAVING SUM(CASE WHEN r.attended IS NULL THEN 1 ELSE 0 END) > 0`,
      dates,
    );
    return rows.map((row) => ({
      classId: Number(row.classId),
      date: dateText(row.date),
      startTime: String(row.startTime),
      durationMinutes: Number(row.durationMinutes),
      markedCount: Number(row.markedCount),
    }));
  }

  /** The ids of a class's active reservations nobody marked. */
  async unmarkedIn(classId: number): Promise<number[]> {
    const rows: Array<{ id: number | string }> = await this.txHost.tx.query(
      `SELECT id FROM reservations WHERE class_session_id = ? AND status = 'active' AND attended IS NULL ORDER BY id`,
      [classId],
    );
    return rows.map((row) => Number(row.id));
  }

  /**
   * A client's strikes (not forgiven) in classes dated on or after `fromDate`: no-shows (active,
   * attended = 0) and late releases. Two ranges of ix_reservations_user_class (user, status, date),
   * a row read only for the rows in the window.
   */
  async strikesOf(userId: number, fromDate: string): Promise<Strike[]> {
    const rows: Array<{ date: string | Date; status: string }> = await this.txHost.tx.query(
      `SELECT r.class_date AS date, r.status AS status FROM reservations r
        WHERE r.user_id = ? AND r.status IN ('active', 'cancelled') AND r.class_date >= ?
          AND r.forgiven_at IS NULL
          AND ((r.status = 'active' AND r.attended = 0) OR (r.status = 'cancelled' AND r.late_released_at IS NOT NULL))`,
      [userId, fromDate],
    );
    return rows
      .map((row) => ({
        date: dateText(row.date),
        kind: row.status === 'active' ? ('no_show' as const) : ('late_release' as const),
      }))
      .sort((a, b) => a.date.localeCompare(b.date));
  }

  /**
   * Adds to the attendance counters of the client and of the class of reservation `id`
   * (users.attended_count …, class_sessions.attended_count …).
   */
  private async moveAttendanceCounts(id: number, attended: number, noShow: number): Promise<void> {
    for (const [table, key] of [
      ['users', 'user_id'],
      ['class_sessions', 'class_session_id'],
    ]) {
      await this.txHost.tx.query(
        `UPDATE ${table} SET attended_count = attended_count + ?, no_show_count = no_show_count + ? ` +
          `WHERE id = (SELECT r.${key} FROM reservations r WHERE r.id = ?)`,
        [attended, noShow, id],
      );
    }
  }

  /**
   * Attendance and no-shows of each of `userIds`, from the counters on their rows (one read by
   * key, whatever their history). Users that do not exist are absent.
   */
  async attendanceCountsOf(userIds: number[]): Promise<Map<number, AttendanceCounts>> {
    const counts = new Map<number, AttendanceCounts>();
    if (userIds.length === 0) return counts;
    const rows = await this.txHost.tx
      .createQueryBuilder()
      .from(User, 'u')
      .select('u.id', 'userId')
      .addSelect('u.attended_count', 'attended')
      .addSelect('u.no_show_count', 'noShow')
      .where('u.id IN (:...userIds)', { userIds })
      .getRawMany<{ userId: number | string; attended: number | string; noShow: number | string }>();
    for (const row of rows) {
      counts.set(Number(row.userId), { attended: Number(row.attended), noShow: Number(row.noShow) });
    }
    return counts;
  }

  async reservationById(id: number): Promise<ReservationInfo | undefined> {
    return (await this.infos((q) => q.andWhere('r.id = :id', { id })))[0];
  }

  /** The profile teaching a class row on its date (a substitute's when one teaches it), or null. */
  async instructorOfClass(classId: number): Promise<number | null> {
    const row = await this.txHost.tx.findOne(ClassSession, {
      select: { id: true, instructorId: true },
      where: { id: classId },
    });
    return row?.instructorId ?? null;
  }

  /** The active reservations of a class. */
  activeInClass(classId: number): Promise<ReservationInfo[]> {
    return this.infos((q) => q.andWhere("r.class_session_id = :classId AND r.status = 'active'", { classId }));
  }

  /**
   * A user's active reservations of classes on or after `fromDate`, soonest first. The class date
   * copied on the reservation keeps the walk to the coming classes in ix_reservations_user_class,
   * not every class the client ever took; rows without it (written around the app) are one probe
   * more.
   */
  /** A plan's active reservations on classes from `from` to `to` (studio dates, both included), soonest first. */
  activeOfPlanBetween(userPlanId: number, from: string, to: string): Promise<ReservationInfo[]> {
    return this.infos((q) =>
      q
        .andWhere("r.user_plan_id = :userPlanId AND r.status = 'active'", { userPlanId })
        .andWhere('r.class_date >= :from AND r.class_date <= :to', { from, to })
        .orderBy('c.date', 'ASC')
        .addOrderBy('c.start_time', 'ASC'),
    );
  }

  async upcomingOfUser(userId: number, fromDate: string): Promise<ReservationInfo[]> {
    const of = (classDate: string) =>
      this.infos((q) =>
        q
          .andWhere("r.user_id = :userId AND r.status = 'active' AND c.date >= :fromDate", { userId, fromDate })
          .andWhere(classDate)
          .orderBy('c.date', 'ASC')
          .addOrderBy('c.start_time', 'ASC'),
      );
    const [dated, undated] = [await of('r.class_date >= :fromDate'), await of('r.class_date IS NULL')];
    if (undated.length === 0) return dated;
    return [...dated, ...undated].sort(
      (a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime),
    );
  }

  /** Active reservations of the scheduled classes from `fromDate` to `toDate` whose reminder has not gone out. */
  dueForReminder(fromDate: string, toDate: string): Promise<ReservationInfo[]> {
    return this.infos((q) =>
      q.andWhere(
        "r.status = 'active' AND r.reminder_sent_at IS NULL AND c.status = 'scheduled' AND c.date BETWEEN :remindFrom AND :remindTo",
        { remindFrom: fromDate, remindTo: toDate },
      ),
    );
  }

  /**
   * Active reservations of the scheduled classes from `fromDate` to `toDate` whose first reminder
   * went out (with when) and whose second has not.
   */
  async dueForSecondReminder(
    fromDate: string,
    toDate: string,
  ): Promise<(ReservationInfo & { reminderSentAt: Date })[]> {
    const rows = await this.infos((q) =>
      q
        .addSelect('r.reminder_sent_at', 'reminderSentAt')
        .andWhere(
          "r.status = 'active' AND r.reminder_sent_at IS NOT NULL AND c.status = 'scheduled' AND c.date BETWEEN :remindFrom AND :remindTo",
          { remindFrom: fromDate, remindTo: toDate },
        )
        .andWhere('NOT EXISTS (SELECT 1 FROM class_second_reminders sr WHERE sr.reservation_id = r.id)'),
    );
    return rows.map((row) => ({
      ...row,
      reminderSentAt: fromDbDate((row as unknown as { reminderSentAt: Date | string }).reminderSentAt),
    }));
  }

  /** Claims a second reminder (its row); a unique violation means another replica has it. */
  async claimSecondReminder(reservationId: number, at: Date): Promise<void> {
    await this.txHost.tx.insert(SecondReminder, { reservationId, sentAt: at });
  }

  /** Claims a reminder for sending (once across replicas); false when someone else has it. */
  async claimReminder(id: number, at: Date): Promise<boolean> {
    const claim = await this.txHost.tx
      .createQueryBuilder()
      .update(Reservation)
      .set({ reminderSentAt: at })
      .where({ id, reminderSentAt: IsNull() })
      .execute();
    return claim.affected === 1;
  }

  /**
   * One page of a user's active reservations: upcoming first (soonest first), then past (latest
   * first); and how many there are in all. `period` keeps only the upcoming or only the past ones.
   */
  async pageOfUser(
    userId: number,
    now: StudioNow,
    page: { offset: number; limit: number },
    period: 'all' | 'upcoming' | 'past' = 'all',
  ): Promise<{ rows: MyClassRow[]; total: number }> {
    // From today on, in order: upcoming soonest first, then today's classes that started, latest first.
    const [[counted], fromTodayRows] = await Promise.all([
      this.direct.all<{ total: unknown; undated: unknown }>(MY_CLASSES_TOTAL_SQL, [userId, userId]),
      this.direct.all<MyClassSqlRow>(MY_CLASSES_FROM_TODAY_SQL, [userId, now.today]),
    ]);
    if (counted?.undated !== null && counted?.undated !== undefined)
      return this.pageOfUserSortingAll(userId, now, page, period);
    const fromToday = fromTodayRows.map(toMyClassRow);
    const upcoming = fromToday.filter((row) => isUpcoming(row, now)).sort((a, b) => -latestFirst(a, b));
    const startedToday = fromToday.filter((row) => !isUpcoming(row, now)).sort(latestFirst);
    // Every upcoming class is dated from today on: the past ones are the rest of the count.
    const all = Number(counted?.total ?? 0);
    const total = period === 'upcoming' ? upcoming.length : period === 'past' ? all - upcoming.length : all;
    const head = period === 'upcoming' ? upcoming : period === 'past' ? startedToday : [...upcoming, ...startedToday];
    const rows = head.slice(page.offset, page.offset + page.limit);
    const take = page.limit - rows.length;
    if (period === 'upcoming' || take <= 0 || total <= head.length) return { rows, total };
    // Then the classes before today, latest first: the index gives the date the page reaches back to,
    // and only the rows from that date on are read and sorted.
    const skip = Math.max(0, page.offset - head.length);
    const [edge] = await this.direct.all<{ classDate: unknown }>(MY_CLASSES_EDGE_SQL, [
      userId,
      now.today,
      skip + take - 1,
    ]);
    const before = edge
      ? await this.direct.all<MyClassSqlRow>(MY_CLASSES_BEFORE_SQL, [
          userId,
          dateText(edge.classDate),
          now.today,
          take,
          skip,
        ])
      : await this.direct.all<MyClassSqlRow>(MY_CLASSES_ALL_BEFORE_SQL, [userId, now.today, take, skip]);
    return { rows: [...rows, ...before.map(toMyClassRow)], total };
  }

  /**
   * The same page for a client with reservations whose class date was not copied (rows written
   * around the app): every reservation joined and sorted, as exact as the fast path.
   */
  private async pageOfUserSortingAll(
    userId: number,
    now: StudioNow,
    page: { offset: number; limit: number },
    period: 'all' | 'upcoming' | 'past',
  ): Promise<{ rows: MyClassRow[]; total: number }> {
    const future = '(c.date > :futureToday OR (c.date = :futureToday AND c.start_time > :futureTime))';
    const futureParams = { futureToday: now.today, futureTime: now.timeOfDay };
    const base = this.txHost.tx
      .createQueryBuilder()
      .from(Reservation, 'r')
      .innerJoin(ClassSession, 'c', 'c.id = r.class_session_id')
      .where(`r.user_id = :userId AND ${KEPT_R}`, { userId });
    if (period !== 'all') base.andWhere(period === 'upcoming' ? future : `NOT ${future}`, futureParams);
    const total = await base.clone().getCount();
    const rows = await base
      .clone()
      .select('r.id', 'id')
      .addSelect('c.date', 'date')
      .addSelect('c.start_time', 'startTime')
      .addSelect('c.instructor', 'instructor')
      .addSelect('r.cancel_grace_until', 'cancelGraceUntil')
      .addSelect('r.cancel_hours', 'cancelHours')
      .addSelect('r.attended', 'attended')
      .addSelect('r.spot_id', 'spotId')
      .addSelect('r.late_released_at', 'lateReleasedAt')
      .addSelect('r.forgiven_at', 'forgivenAt')
      .addSelect('(SELECT sp.label FROM spots sp WHERE sp.id = r.spot_id)', 'spotLabel')
      .addSelect(`CASE WHEN ${future} THEN 0 ELSE 1 END`, 'isPastRank')
      .setParameters(futureParams)
      .orderBy('isPastRank', 'ASC')
      .addOrderBy(`CASE WHEN ${future} THEN c.date END`, 'ASC')
      .addOrderBy(`CASE WHEN ${future} THEN c.start_time END`, 'ASC')
      .addOrderBy('c.date', 'DESC')
      .addOrderBy('c.start_time', 'DESC')
      .addOrderBy(`CASE WHEN ${future} THEN r.id END`, 'ASC')
      .addOrderBy('r.id', 'DESC')
      .offset(page.offset)
      .limit(page.limit)
      .getRawMany<MyClassRow>();
    return {
      rows: rows.map((row) => ({
        ...row,
        id: Number(row.id),
        cancelGraceUntil: fromDbDatetime(row.cancelGraceUntil),
        cancelHours: toNullableNumber(row.cancelHours),
        attended: toNullableBoolean(row.attended),
        spotId: row.spotId === null || row.spotId === undefined ? null : Number(row.spotId),
        spotLabel: row.spotLabel ?? null,
        lateReleasedAt: fromDbDatetime(row.lateReleasedAt),
        forgivenAt: fromDbDatetime(row.forgivenAt),
      })),
      total,
    };
  }

  private infos(filter: (query: SelectQueryBuilder<object>) => unknown): Promise<ReservationInfo[]> {
    const query = this.txHost.tx
      .createQueryBuilder()
      .select('r.id', 'id')
      .addSelect('r.user_id', 'userId')
      .addSelect('r.user_plan_id', 'userPlanId')
      .addSelect('r.class_session_id', 'classSessionId')
      .addSelect('r.status', 'status')
      .addSelect('c.date', 'date')
      .addSelect('c.start_time', 'startTime')
      .addSelect('c.instructor', 'instructor')
      .addSelect('s.duration_minutes', 'durationMinutes')
      .addSelect('u.name', 'name')
      .addSelect('u.email', 'email')
      .addSelect('r.cancel_grace_until', 'cancelGraceUntil')
      .addSelect('r.cancel_hours', 'cancelHours')
      .addSelect('r.attended', 'attended')
      .addSelect('r.late_released_at', 'lateReleasedAt')
      .addSelect('r.forgiven_at', 'forgivenAt')
      .addSelect('r.calendar_sequence', 'sequence')
      .addSelect('(SELECT sp.label FROM spots sp WHERE sp.id = r.spot_id)', 'spot')
      .addSelect('(SELECT ct.name FROM class_types ct WHERE ct.id = s.class_type_id)', 'classTypeName')
      .addSelect('(SELECT ct.level FROM class_types ct WHERE ct.id = s.class_type_id)', 'classTypeLevel')
      .from(Reservation, 'r')
      .innerJoin(ClassSession, 'c', 'c.id = r.class_session_id')
      .innerJoin(Schedule, 's', 's.id = c.schedule_id')
      .innerJoin(User, 'u', 'u.id = r.user_id');
    filter(query);
    type InfoRow = Omit<ReservationInfo, 'classType'> & { classTypeName: string; classTypeLevel: string };
    return query.getRawMany<InfoRow>().then((rows) =>
      rows.map(({ classTypeName, classTypeLevel, ...row }) => ({
        ...row,
        classType: { name: classTypeName, level: classTypeLevel },
        id: Number(row.id),
        userId: Number(row.userId),
        userPlanId: row.userPlanId === null ? null : Number(row.userPlanId),
        classSessionId: Number(row.classSessionId),
        durationMinutes: Number(row.durationMinutes),
        cancelGraceUntil: fromDbDatetime(row.cancelGraceUntil),
        cancelHours: toNullableNumber(row.cancelHours),
        attended: toNullableBoolean(row.attended),
        spot: row.spot ?? null,
        lateReleasedAt: fromDbDatetime(row.lateReleasedAt),
        forgivenAt: fromDbDatetime(row.forgivenAt),
        sequence: Number(row.sequence ?? 0),
      })),
    );
  }
}

/** A DATE read by a raw query: 'YYYY-MM-DD' on both drivers (mysql2 is told dateStrings for DATE). */
const dateText = (value: unknown): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

const toMyClassRow = (row: MyClassSqlRow): MyClassRow => ({
  id: Number(row.id),
  date: dateText(row.date),
  startTime: String(row.startTime),
  instructor: (row.instructor ?? null) as string | null,
  cancelGraceUntil: fromDbDatetime(row.cancelGraceUntil as Date | string | null),
  cancelHours: toNullableNumber(row.cancelHours),
  attended: toNullableBoolean(row.attended),
  spotId: row.spotId === null || row.spotId === undefined ? null : Number(row.spotId),
  spotLabel: row.spotLabel === null || row.spotLabel === undefined ? null : String(row.spotLabel),
  lateReleasedAt: fromDbDatetime(row.lateReleasedAt as Date | string | null),
  forgivenAt: fromDbDatetime(row.forgivenAt as Date | string | null),
});

/** Not started yet at `now`, as "Mis clases" splits upcoming from past. */
const isUpcoming = (row: MyClassRow, now: StudioNow): boolean =>
  row.date > now.today || (row.date === now.today && row.startTime > now.timeOfDay);

/** Latest class first (then the latest booked): the order of past classes; reversed, of upcoming ones. */
const latestFirst = (a: MyClassRow, b: MyClassRow): number =>
  b.date.localeCompare(a.date) || b.startTime.localeCompare(a.startTime) || b.id - a.id;

const byTime = (a: Slot, b: Slot): number => a.startTime.localeCompare(b.startTime) || a.scheduleId - b.scheduleId;

function withPeople(date: string, rows: SlotRow[]): SlotWithPeople[] {
  const bySchedule = new Map<number, SlotWithPeople>();
  for (const row of rows) {
    const scheduleId = Number(row.scheduleId);
    let slot = bySchedule.get(scheduleId);
    if (!slot) {
      // The people added in place: spreading the slot into a new object was most of this loop's
      // time in the day view's CPU profile.
      slot = toSlot(date, row) as SlotWithPeople;
      slot.people = [];
      bySchedule.set(scheduleId, slot);
    }
    if (row.reservationId !== null && row.reservationId !== undefined) {
      slot.people.push({
        reservationId: Number(row.reservationId),
        id: Number(row.userId),
        name: row.userName ?? '',
        email: row.userEmail ?? '',
        attended: toNullableBoolean(row.attended),
        paidAtStudio: toNullableBoolean(row.paidAtStudio) === true,
        cancelGraceUntil: fromDbDatetime(row.cancelGraceUntil ?? null),
        cancelHours: toNullableNumber(row.cancelHours),
        spotId: row.spotId === null || row.spotId === undefined ? null : Number(row.spotId),
        spotLabel: row.spotLabel ?? null,
        forgivenAt: fromDbDatetime(row.forgivenAt ?? null),
      });
    }
  }
  return [...bySchedule.values()].sort(byTime);
}
