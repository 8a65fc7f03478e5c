import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { User } from '../auth/entities';
import { sqlDatetime } from '../core/database/column-types';
import { Room } from './entities/room.entity';
import { Spot } from './entities/spot.entity';
import { SpotOutage } from './entities/spot-outage.entity';

/** A reformer as the room map and the booking answer name it. */
export interface SpotRef {
  id: number;
  label: string;
}

export interface LiveSpot extends SpotRef {
  row: number;
  column: number;
}

export interface RetiredSpot extends LiveSpot {
  retiredAt: Date;
}

/** A live reformer of a class, and whether someone holds it in that class. */
export interface SpotChoice extends LiveSpot {
  taken: boolean;
}

/** The studio's "now" as SQL compares it (a class has started when its date and time are not after these). */
export interface RoomNow {
  today: string;
  timeOfDay: string;
}

/** A class that has not started, named by its date and time. */
export interface UpcomingClass {
  id: number;
  date: string;
  startTime: string;
}

/** An out-of-service range as the admin's "Sala" lists it. */
export interface OutageRange {
  id: number;
  spot: SpotRef;
  from: string;
  to: string;
  reason: string;
}

/** An active reservation on a reformer in a class that has not started, with what a move or its mail needs. */
export interface BookingOnSpot {
  reservationId: number;
  classId: number;
  userId: number;
  name: string;
  email: string;
  date: string;
  startTime: string;
  /** The reformer's label. */
  spotLabel: string;
}

const LIVE = 'active_marker = 1';
/** Classes that have not started (alias c), with :today and :timeOfDay. */
const NOT_STARTED = '(c.date > ? OR (c.date = ? AND c.start_time > ?))';
const notStartedParams = (now: RoomNow) => [now.today, now.today, now.timeOfDay];
/** Outage ranges covering the date `column` (alias o): from_date <= date <= to_date. */
const outOn = (column: string) => `o.from_date <= ${column} AND o.to_date >= ${column}`;
/**
 * How many live reformers are in service on the date `column`; one parameter: a reformer to leave
 * out (0: none).
 */
const inServiceOn = (column: string) =>
  `(SELECT COUNT(*) FROM spots sp WHERE sp.active_marker = 1 AND sp.id <> ?
     AND NOT EXISTS (SELECT 1 FROM spot_outages o WHERE o.spot_id = sp.id AND ${outOn(column)}))`;

/**
 * The live reformers of a class with whether each is taken there, in the room's order (front row
 * first, then left to right). Parameter: the class. The taken test is one probe of uq_reservations_spot.
 */
const CHOICES_SQL = `SELECT s.id AS id, s.label AS label, s.grid_row AS gridRow, s.grid_column AS gridColumn,
    (SELECT 1 FROM reservations r WHERE r.class_session_id = ? AND r.spot_id = s.id AND r.active_marker = 1) AS taken
  FROM spots s WHERE s.active_marker = 1 ORDER BY s.grid_row, s.grid_column, s.id`;
/** A client's favourite reformer and the one of their latest reservation with a reformer. Parameter: the user. */
const PREFERENCES_SQL = `SELECT u.favourite_spot_id AS favourite,
    (SELECT r.spot_id FROM reservations r WHERE r.user_id = u.id AND r.spot_id IS NOT NULL ORDER BY r.id DESC LIMIT 1) AS lastUsed
  FROM users u WHERE u.id = ?`;

/**
 * A live checkout hold (alias h) of the class `classColumn` on the reformer `spotColumn` by someone
 * but a user; parameters: now (sqlDatetime), the user (0: nobody). Read through ix_spot_holds_class.
 */
const HELD_BY_OTHER = (classColumn: string, spotColumn: string) =>
  `h.expires_at > ? AND h.consumed_at IS NULL AND h.user_id <> ? AND h.class_session_id = ${classColumn} AND h.spot_id = ${spotColumn}`;

const toNumberOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
const dateText = (value: unknown): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
const toLive = (spot: Spot): LiveSpot => ({
  id: spot.id,
  label: spot.label,
  row: spot.gridRow,
  column: spot.gridColumn,
});

/** All SQL of the room and its reformers, on the ambient transaction (`txHost.tx`). */
@Injectable()
export class SalaRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** The studio's room (the first; one is built). */
  firstRoom(): Promise<Room | null> {
    return this.txHost.tx.findOne(Room, { where: {}, order: { id: 'ASC' } });
  }

  async insertRoom(values: { name: string; instructorRow: number; instructorColumn: number }): Promise<Room> {
    const tx = this.txHost.tx;
    return tx.save(tx.create(Room, values));
  }

  async moveInstructor(roomId: number, cell: { row: number; column: number }): Promise<void> {
    await this.txHost.tx.update(Room, { id: roomId }, { instructorRow: cell.row, instructorColumn: cell.column });
  }

  /** Every reformer ever placed, live or retired (whether a room was ever drawn). */
  countAll(): Promise<number> {
    return this.txHost.tx.count(Spot);
  }

  async liveCount(): Promise<number> {
    return this.txHost.tx.countBy(Spot, { activeMarker: 1 });
  }

  async liveSpots(): Promise<LiveSpot[]> {
    const spots = await this.txHost.tx.find(Spot, {
      where: { activeMarker: 1 },
      order: { gridRow: 'ASC', gridColumn: 'ASC', id: 'ASC' },
    });
    return spots.map(toLive);
  }

  async retiredSpots(): Promise<RetiredSpot[]> {
    const spots = await this.txHost.tx
      .createQueryBuilder(Spot, 's')
      .where('s.active_marker IS NULL')
      .orderBy('s.retired_at', 'DESC')
      .addOrderBy('s.id', 'DESC')
      .getMany();
    return spots.map((spot) => ({ ...toLive(spot), retiredAt: spot.retiredAt ?? new Date(0) }));
  }

  spotById(id: number): Promise<Spot | null> {
    return this.txHost.tx.findOneBy(Spot, { id });
  }

  /**
   * Holds a live reformer for the rest of the transaction and says whether it is still live: a
   * retirement racing a booking then waits for it, or the booking sees it gone. MySQL: a shared lock
   * on its row, so bookings of other classes on the same reformer do not queue behind each other
   * (only a retirement's write waits for them); SQLite runs one writing transaction at a time, so a
   * plain read inside it sees every commit.
   */
  async holdLive(id: number): Promise<boolean> {
    // LOCK IN SHARE MODE: MariaDB's and MySQL 8's spelling both (TypeORM's pessimistic_read writes
    // FOR SHARE, which MariaDB refuses).
    const shared = this.txHost.tx.connection.options.type === 'better-sqlite3' ? '' : ' LOCK IN SHARE MODE';
    const rows: unknown[] = await this.txHost.tx.query(`SELECT id FROM spots WHERE id = ? AND ${LIVE}${shared}`, [id]);
    return rows.length === 1;
  }

  async insertSpot(values: { roomId: number; label: string; row: number; column: number }): Promise<number> {
    const inserted = await this.txHost.tx
      .createQueryBuilder()
      .insert()
      .into(Spot)
      .values({
        roomId: values.roomId,
        label: values.label,
        gridRow: values.row,
        gridColumn: values.column,
        activeMarker: 1,
        retiredAt: null,
      })
      .execute();
    return Number(inserted.identifiers[0].id);
  }

  /** Renames or moves a live reformer; false when it is not live. */
  async updateLiveSpot(id: number, changes: { label?: string; row?: number; column?: number }): Promise<boolean> {
    const set: Partial<Spot> = {};
    if (changes.label !== undefined) set.label = changes.label;
    if (changes.row !== undefined) set.gridRow = changes.row;
    if (changes.column !== undefined) set.gridColumn = changes.column;
    const result = await this.txHost.tx
      .createQueryBuilder()
      .update(Spot)
      .set(set)
      .where(`id = :id AND ${LIVE}`, { id })
      .execute();
    return result.affected === 1;
  }

  /** Takes a live reformer out of the room; false when it was not live. */
  async retire(id: number, at: Date): Promise<boolean> {
    const result = await this.txHost.tx
      .createQueryBuilder()
      .update(Spot)
      .set({ activeMarker: null, retiredAt: at })
      .where(`id = :id AND ${LIVE}`, { id })
      .execute();
    return result.affected === 1;
  }

  /** A live reformer on that cell, but `exceptId`. */
  liveAt(roomId: number, row: number, column: number, exceptId?: number): Promise<Spot | null> {
    const query = this.txHost.tx
      .createQueryBuilder(Spot, 's')
      .where(`s.room_id = :roomId AND s.grid_row = :row AND s.grid_column = :column AND s.${LIVE}`, {
        roomId,
        row,
        column,
      });
    if (exceptId !== undefined) query.andWhere('s.id <> :exceptId', { exceptId });
    return query.getOne();
  }

  /** The live reformers of a class with whether each is taken there. */
  async choicesFor(classId: number): Promise<SpotChoice[]> {
    const rows: Record<string, unknown>[] = await this.txHost.tx.query(CHOICES_SQL, [classId]);
    return rows.map((row) => ({
      id: Number(row.id),
      label: String(row.label),
      row: Number(row.gridRow),
      column: Number(row.gridColumn),
      taken: row.taken !== null && row.taken !== undefined,
    }));
  }

  /** A client's favourite reformer and the one they had last (either null). */
  async preferencesOf(userId: number): Promise<{ favourite: number | null; lastUsed: number | null }> {
    const [row]: Record<string, unknown>[] = await this.txHost.tx.query(PREFERENCES_SQL, [userId]);
    return { favourite: toNumberOrNull(row?.favourite), lastUsed: toNumberOrNull(row?.lastUsed) };
  }

  async setFavourite(userId: number, spotId: number | null): Promise<void> {
    await this.txHost.tx.update(User, { id: userId }, { favouriteSpotId: spotId });
  }

  async favouriteOf(userId: number): Promise<number | null> {
    const user = await this.txHost.tx.findOne(User, {
      select: { id: true, favouriteSpotId: true },
      where: { id: userId },
    });
    return user?.favouriteSpotId ?? null;
  }

  /** The reformer of a reservation, or null (a reservation made before the room was drawn). */
  async spotOfReservation(reservationId: number): Promise<SpotRef | null> {
    const [row]: Record<string, unknown>[] = await this.txHost.tx.query(
      'SELECT s.id AS id, s.label AS label FROM reservations r JOIN spots s ON s.id = r.spot_id WHERE r.id = ?',
      [reservationId],
    );
    return row ? { id: Number(row.id), label: String(row.label) } : null;
  }

  /** The classes that have not started where the reformer is booked, soonest first. */
  async upcomingBookingsOf(spotId: number, now: RoomNow): Promise<UpcomingClass[]> {
    const rows: Record<string, unknown>[] = await this.txHost.tx.query(
      `SELECT c.id AS id, c.date AS date, c.start_time AS startTime FROM reservations r
         JOIN class_sessions c ON c.id = r.class_session_id
        WHERE r.spot_id = ? AND r.status = 'active' AND c.status = 'scheduled' AND ${NOT_STARTED}
        ORDER BY c.date, c.start_time`,
      [spotId, ...notStartedParams(now)],
    );
    return rows.map(toUpcoming);
  }

  /**
   * Scheduled classes that have not started with more places taken than reformers in service on
   * their date (`exceptSpotId`: counted as gone already).
   */
  async crowdedUpcoming(now: RoomNow, exceptSpotId = 0): Promise<UpcomingClass[]> {
    const rows: Record<string, unknown>[] = await this.txHost.tx.query(
      `SELECT c.id AS id, c.date AS date, c.start_time AS startTime FROM class_sessions c
        WHERE c.status = 'scheduled' AND c.reserved_count > ${inServiceOn('c.date')} AND ${NOT_STARTED}
        ORDER BY c.date, c.start_time`,
      [exceptSpotId, ...notStartedParams(now)],
    );
    return rows.map(toUpcoming);
  }

  /**
   * The places of every class that has not started (on `range` dates only, when given) follow the
   * room: its timetable capacity, at most the reformers in service on its date (`exceptSpotId`:
   * counted as gone already), never below the places already taken. Locks those class rows (MySQL).
   */
  async fitUpcomingCapacities(
    now: RoomNow,
    options: { exceptSpotId?: number; range?: { from: string; to: string } } = {},
  ): Promise<void> {
    const inService = inServiceOn('class_sessions.date');
    const wanted = `(CASE WHEN s.capacity < ${inService} THEN s.capacity ELSE ${inService} END)`;
    const except = options.exceptSpotId ?? 0;
    const range = options.range ? ' AND date BETWEEN ? AND ?' : '';
    await this.txHost.tx.query(
      `UPDATE class_sessions SET capacity = (
          SELECT CASE WHEN class_sessions.reserved_count > ${wanted} THEN class_sessions.reserved_count ELSE ${wanted} END
            FROM schedules s WHERE s.id = class_sessions.schedule_id)
        WHERE (date > ? OR (date = ? AND start_time > ?))${range}`,
      [
        except,
        except,
        except,
        except,
        ...notStartedParams(now),
        ...(options.range ? [options.range.from, options.range.to] : []),
      ],
    );
  }

  /**
   * Classes that have not started with more places than reformers in service on their date get
   * those reformers' number (never below the places taken). Locks those class rows (MySQL).
   */
  async capUpcomingToService(now: RoomNow): Promise<void> {
    const inService = inServiceOn('class_sessions.date');
    await this.txHost.tx.query(
      `UPDATE class_sessions
          SET capacity = CASE WHEN reserved_count > ${inService} THEN reserved_count ELSE ${inService} END
        WHERE capacity > ${inService} AND (date > ? OR (date = ? AND start_time > ?))`,
      [0, 0, 0, ...notStartedParams(now)],
    );
  }

  /** Scheduled classes that have not started with a free place and someone waiting. */
  async upcomingWithFreePlaceAndWaiting(now: RoomNow): Promise<number[]> {
    const rows: Record<string, unknown>[] = await this.txHost.tx.query(
      `SELECT c.id AS id FROM class_sessions c
        WHERE c.status = 'scheduled' AND c.waiting_count > 0 AND c.reserved_count < c.capacity AND ${NOT_STARTED}
        ORDER BY c.date, c.start_time`,
      notStartedParams(now),
    );
    return rows.map((row) => Number(row.id));
  }

  // ---- Out of service: ranges of studio days (both included) a reformer cannot be booked. ----

  /** The ranges that have not ended by `today` (current and future), soonest first. */
  async outagesFrom(today: string): Promise<OutageRange[]> {
    const rows: Record<string, unknown>[] = await this.txHost.tx.query(
      `SELECT o.id AS id, o.spot_id AS spotId, s.label AS label, o.from_date AS fromDate, o.to_date AS toDate,
              o.reason AS reason
         FROM spot_outages o JOIN spots s ON s.id = o.spot_id
        WHERE o.to_date >= ? ORDER BY o.from_date, o.id`,
      [today],
    );
    return rows.map(toOutage);
  }

  async outageById(id: number): Promise<OutageRange | null> {
    const [row]: Record<string, unknown>[] = await this.txHost.tx.query(
      `SELECT o.id AS id, o.spot_id AS spotId, s.label AS label, o.from_date AS fromDate, o.to_date AS toDate,
              o.reason AS reason
         FROM spot_outages o JOIN spots s ON s.id = o.spot_id WHERE o.id = ?`,
      [id],
    );
    return row ? toOutage(row) : null;
  }

  /** Whether a range of that reformer overlaps from..to. */
  async outageOverlaps(spotId: number, from: string, to: string): Promise<boolean> {
    const rows: unknown[] = await this.txHost.tx.query(
      'SELECT id FROM spot_outages WHERE spot_id = ? AND to_date >= ? AND from_date <= ? LIMIT 1',
      [spotId, from, to],
    );
    return rows.length > 0;
  }

  async insertOutage(values: {
    spotId: number;
    from: string;
    to: string;
    reason: string;
    createdBy: number;
  }): Promise<number> {
    const inserted = await this.txHost.tx
      .createQueryBuilder()
      .insert()
      .into(SpotOutage)
      .values({
        spotId: values.spotId,
        fromDate: values.from,
        toDate: values.to,
        reason: values.reason,
        createdBy: values.createdBy,
      })
      .execute();
    return Number(inserted.identifiers[0].id);
  }

  /** Ends a range that has not ended by `today` on `toDate` (yesterday); false when it had ended or is gone. */
  async shortenOutage(id: number, toDate: string, today: string): Promise<boolean> {
    const result = await this.txHost.tx
      .createQueryBuilder()
      .update(SpotOutage)
      .set({ toDate })
      .where('id = :id AND to_date >= :today', { id, today })
      .execute();
    return result.affected === 1;
  }

  /** Removes a range; false when it was gone. */
  async deleteOutage(id: number): Promise<boolean> {
    const result = await this.txHost.tx.delete(SpotOutage, { id });
    return result.affected === 1;
  }

  /**
   * Whether the reformer is out of service on the class's date. MySQL: a locking read, so a
   * booking that waited for an out-of-service range being written (holdLive) sees it once committed.
   */
  async outOfServiceInClass(spotId: number, classId: number): Promise<boolean> {
    const shared = this.txHost.tx.connection.options.type === 'better-sqlite3' ? '' : ' LOCK IN SHARE MODE';
    const rows: unknown[] = await this.txHost.tx.query(
      `SELECT o.id FROM spot_outages o
        WHERE o.spot_id = ? AND ${outOn('(SELECT c.date FROM class_sessions c WHERE c.id = ?)')}${shared}`,
      [spotId, classId, classId],
    );
    return rows.length > 0;
  }

  /**
   * The live reformers of a class in service on its date, with whether each is taken there: booked,
   * or held by a checkout of someone but `holder` (live at `now`, spot_holds).
   */
  async choicesInServiceFor(classId: number, now: Date, holder: number): Promise<SpotChoice[]> {
    const rows: Record<string, unknown>[] = await this.txHost.tx.query(
      `SELECT s.id AS id, s.label AS label, s.grid_row AS gridRow, s.grid_column AS gridColumn,
          (SELECT 1 FROM reservations r WHERE r.class_session_id = c.id AND r.spot_id = s.id AND r.active_marker = 1) AS taken,
          (SELECT 1 FROM spot_holds h WHERE ${HELD_BY_OTHER('c.id', 's.id')} LIMIT 1) AS held
        FROM class_sessions c JOIN spots s ON s.active_marker = 1
       WHERE c.id = ? AND NOT EXISTS (SELECT 1 FROM spot_outages o WHERE o.spot_id = s.id AND ${outOn('c.date')})
       ORDER BY s.grid_row, s.grid_column, s.id`,
      [sqlDatetime(now), holder, classId],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      label: String(row.label),
      row: Number(row.gridRow),
      column: Number(row.gridColumn),
      taken: (row.taken !== null && row.taken !== undefined) || (row.held !== null && row.held !== undefined),
    }));
  }

  /**
   * Whether a checkout of someone but `holder` holds the reformer in the class at `now`. MySQL: a
   * locking read, so a booking that waited for the class row (a hold is written under it) sees a
   * hold committed meanwhile.
   */
  async heldByOther(spotId: number, classId: number, holder: number, now: Date): Promise<boolean> {
    const shared = this.txHost.tx.connection.options.type === 'better-sqlite3' ? '' : ' LOCK IN SHARE MODE';
    const rows: unknown[] = await this.txHost.tx.query(
      `SELECT h.id FROM spot_holds h WHERE ${HELD_BY_OTHER('?', '?')}${shared}`,
      [sqlDatetime(now), holder, classId, spotId],
    );
    return rows.length > 0;
  }

  /** Whether an active reservation has the reformer in the class (MySQL: a locking read, as above). */
  async bookedInClass(spotId: number, classId: number): Promise<boolean> {
    const shared = this.txHost.tx.connection.options.type === 'better-sqlite3' ? '' : ' LOCK IN SHARE MODE';
    const rows: unknown[] = await this.txHost.tx.query(
      `SELECT r.id FROM reservations r WHERE r.class_session_id = ? AND r.spot_id = ? AND r.active_marker = 1${shared}`,
      [classId, spotId],
    );
    return rows.length > 0;
  }

  /** How many live reformers are in service on a date. */
  async inServiceCount(date: string): Promise<number> {
    const [row]: Record<string, unknown>[] = await this.txHost.tx.query(`SELECT ${inServiceOn('?')} AS n`, [
      0,
      date,
      date,
    ]);
    return Number(row?.n ?? 0);
  }

  /**
   * Holds a reformer's row for writing for the rest of the transaction (MySQL): bookings that hold
   * it shared (holdLive) finish first, later ones wait for this transaction to end.
   */
  async lockSpot(id: number): Promise<void> {
    const sqlite = this.txHost.tx.connection.options.type === 'better-sqlite3';
    await this.txHost.tx.query(`SELECT id FROM spots WHERE id = ?${sqlite ? '' : ' FOR UPDATE'}`, [id]);
  }

  /** Locks the rows of the classes from..to that have not started (MySQL), as bookings take them first. */
  async lockClassesBetween(from: string, to: string, now: RoomNow): Promise<void> {
    await this.txHost.tx.query(
      `UPDATE class_sessions SET capacity = capacity WHERE date BETWEEN ? AND ? AND (date > ? OR (date = ? AND start_time > ?))`,
      [from, to, ...notStartedParams(now)],
    );
  }

  /**
   * The active reservations on a reformer in scheduled classes from..to that have not started,
   * soonest class first (then the earliest booked).
   */
  async bookingsOnSpotBetween(spotId: number, from: string, to: string, now: RoomNow): Promise<BookingOnSpot[]> {
    const rows: Record<string, unknown>[] = await this.txHost.tx.query(
      `SELECT r.id AS reservationId, c.id AS classId, u.id AS userId, u.name AS name, u.email AS email,
              c.date AS date, c.start_time AS startTime, s.label AS spotLabel
         FROM reservations r
         JOIN class_sessions c ON c.id = r.class_session_id
         JOIN users u ON u.id = r.user_id
         JOIN spots s ON s.id = r.spot_id
        WHERE r.spot_id = ? AND r.status = 'active' AND c.status = 'scheduled' AND c.date BETWEEN ? AND ?
          AND ${NOT_STARTED}
        ORDER BY c.date, c.start_time, r.id`,
      [spotId, from, to, ...notStartedParams(now)],
    );
    return rows.map((row) => ({
      reservationId: Number(row.reservationId),
      classId: Number(row.classId),
      userId: Number(row.userId),
      name: String(row.name),
      email: String(row.email),
      date: dateText(row.date),
      startTime: String(row.startTime),
      spotLabel: String(row.spotLabel),
    }));
  }
}

const toOutage = (row: Record<string, unknown>): OutageRange => ({
  id: Number(row.id),
  spot: { id: Number(row.spotId), label: String(row.label) },
  from: dateText(row.fromDate),
  to: dateText(row.toDate),
  reason: String(row.reason),
});

const toUpcoming = (row: Record<string, unknown>): UpcomingClass => ({
  id: Number(row.id),
  date: dateText(row.date),
  startTime: String(row.startTime),
});
