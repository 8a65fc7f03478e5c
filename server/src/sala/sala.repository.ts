import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { User } from '../auth/entities';
import { Room } from './entities/room.entity';
import { Spot } from './entities/spot.entity';

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

const LIVE = 'active_marker = 1';
/** Classes that have not started (alias c), with :today and :timeOfDay. */
const NOT_STARTED = '(c.date > ? OR (c.date = ? AND c.start_time > ?))';
const notStartedParams = (now: RoomNow) => [now.today, now.today, now.timeOfDay];

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

  /** Scheduled classes that have not started with more places taken than `live` reformers. */
  async crowdedUpcoming(live: number, now: RoomNow): Promise<UpcomingClass[]> {
    const rows: Record<string, unknown>[] = await this.txHost.tx.query(
      `SELECT c.id AS id, c.date AS date, c.start_time AS startTime FROM class_sessions c
        WHERE c.status = 'scheduled' AND c.reserved_count > ? AND ${NOT_STARTED}
        ORDER BY c.date, c.start_time`,
      [live, ...notStartedParams(now)],
    );
    return rows.map(toUpcoming);
  }

  /**
   * The places of every class that has not started follow the room: its timetable capacity, at
   * most `live` reformers, never below the places already taken. Locks those class rows (MySQL).
   */
  async fitUpcomingCapacities(live: number, now: RoomNow): Promise<void> {
    const wanted = `(CASE WHEN s.capacity < ? THEN s.capacity ELSE ? END)`;
    await this.txHost.tx.query(
      `UPDATE class_sessions SET capacity = (
          SELECT CASE WHEN class_sessions.reserved_count > ${wanted} THEN class_sessions.reserved_count ELSE ${wanted} END
            FROM schedules s WHERE s.id = class_sessions.schedule_id)
        WHERE (date > ? OR (date = ? AND start_time > ?))`,
      [live, live, live, live, ...notStartedParams(now)],
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
}

const toUpcoming = (row: Record<string, unknown>): UpcomingClass => ({
  id: Number(row.id),
  date: dateText(row.date),
  startTime: String(row.startTime),
});
