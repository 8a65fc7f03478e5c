import { Injectable } from '@nestjs/common';
import { addDays, formatLongDateWithWeekday, to12Hour } from '@pilates/dates';
import { AuditService, changedValues } from '../core/audit/audit.service';
import type { Caller } from '../core/auth/caller';
import { StudioClock } from '../core/clock/studio-clock';
import { TransactionService } from '../core/database/transaction.service';
import { InTransaction } from '../core/database/in-transaction.decorator';
import { ApiError, ErrorCode } from '../core/errors/api-error';
import { isUniqueViolation } from '../core/errors/database-errors';
import type { Room } from './entities/room.entity';
import { firstRoomLayout, FIRST_ROOM_NAME, type Cell } from './room-layout';
import {
  SalaRepository,
  type BookingOnSpot,
  type LiveSpot,
  type OutageRange,
  type RetiredSpot,
  type RoomNow,
  type SpotRef,
  type UpcomingClass,
} from './sala.repository';
import { SalaError, SalaErrorCode } from './sala.errors';

/** The room as the map draws it: the live reformers and where the instructor stands. */
export interface RoomLayout {
  spots: LiveSpot[];
  instructor: Cell;
}

/** An out-of-service range asked for: a reformer, its first and last studio days, and why. */
export interface OutageRequest {
  spotId: number;
  from: string;
  to: string;
  reason: string;
}

/** Fills the places a bigger room freed in classes with a waitlist (the reservations module's waitlist). */
export type PlacesAddedListener = (classIds: number[]) => Promise<void>;

/**
 * The studio's room ("Sala"): its reformers on a grid and the instructor's place. A class's places
 * follow the reformers: each class row takes min(timetable capacity, live reformers) when it is
 * created, and adding or retiring a reformer sets every class that has not started again in the
 * same transaction (never below the places taken; a retirement that would strand a booked client
 * is refused, naming the classes).
 */
@Injectable()
export class SalaService {
  private readonly placesAdded: PlacesAddedListener[] = [];

  constructor(
    private readonly spots: SalaRepository,
    readonly transactions: TransactionService,
    private readonly clock: StudioClock,
    private readonly audit: AuditService,
  ) {}

  /** The waitlist registers here: a reformer added may free places its lines should get. */
  onPlacesAdded(listener: PlacesAddedListener): void {
    this.placesAdded.push(listener);
  }

  /** GET /reservations/sala: the live reformers and the instructor's place. */
  async layout(): Promise<RoomLayout> {
    const room = await this.spots.firstRoom();
    return {
      spots: await this.spots.liveSpots(),
      instructor: { row: room?.instructorRow ?? 0, column: room?.instructorColumn ?? 0 },
    };
  }

  /** The admin's "Sala": the layout, the retired reformers and the out-of-service ranges not over yet. */
  async adminLayout(): Promise<RoomLayout & { retired: RetiredSpot[]; outages: OutageRange[] }> {
    return {
      ...(await this.layout()),
      retired: await this.spots.retiredSpots(),
      outages: await this.spots.outagesFrom(this.clock.today()),
    };
  }

  /** How many places a class may have at most: its room's live reformers. */
  liveCount(): Promise<number> {
    return this.spots.liveCount();
  }

  /** How many places a class on `date` may have at most: its room's live reformers in service that day. */
  inServiceCount(date: string): Promise<number> {
    return this.spots.inServiceCount(date);
  }

  /**
   * Checks an out-of-service range asked for (the DTO checked its shape): starts today or later,
   * on a live reformer, overlapping no range of that reformer. Returns the reformer.
   */
  async checkOutage(values: OutageRequest): Promise<SpotRef> {
    if (values.from < this.clock.today()) {
      throw new ApiError(ErrorCode.VALIDATION_ERROR, { from: ['La fecha de inicio no puede ser anterior a hoy.'] });
    }
    const spot = await this.spots.spotById(values.spotId);
    if (!spot || spot.activeMarker !== 1) throw new SalaError(SalaErrorCode.SPOT_UNKNOWN);
    if (await this.spots.outageOverlaps(spot.id, values.from, values.to)) {
      throw new SalaError(SalaErrorCode.OUTAGE_OVERLAPS);
    }
    return { id: spot.id, label: spot.label };
  }

  /**
   * Writes an out-of-service range, in the caller's transaction (SpotOutageService moves and
   * cancels the bookings it strands in that same transaction). Locks in the order bookings take
   * them: the classes' rows of those dates, then the reformer's row (held for writing, so a booking
   * holding it waits or is waited for); then checks again and inserts. Returns the range.
   */
  @InTransaction()
  async openOutage(admin: Caller, values: OutageRequest): Promise<OutageRange> {
    await this.spots.lockClassesBetween(values.from, values.to, this.roomNow());
    await this.spots.lockSpot(values.spotId);
    const spot = await this.checkOutage(values);
    const id = await this.spots.insertOutage({ ...values, createdBy: admin.id });
    return { id, spot, from: values.from, to: values.to, reason: values.reason };
  }

  /** The active reservations on a reformer in classes from..to that have not started, soonest first. */
  bookingsOn(spotId: number, from: string, to: string): Promise<BookingOnSpot[]> {
    return this.spots.bookingsOnSpotBetween(spotId, from, to, this.roomNow());
  }

  /** The classes from..to that have not started take min(timetable, reformers in service), never below their places taken. */
  fitCapacitiesBetween(from: string, to: string): Promise<void> {
    return this.spots.fitUpcomingCapacities(this.roomNow(), { range: { from, to } });
  }

  /** Classes to come never have more places than reformers in service on their date (a timetable change). */
  capToService(): Promise<void> {
    return this.spots.capUpcomingToService(this.roomNow());
  }

  /**
   * A reformer back in service from today: its range ends yesterday, or goes when it had not begun.
   * The classes of the rest of the range get their places back (up to the timetable), and their
   * waitlists fill them, in the same transaction. Audited.
   */
  async endOutage(admin: Caller, id: number): Promise<OutageRange> {
    const now = this.roomNow();
    return this.transactions.run(async () => {
      const outage = await this.spots.outageById(id);
      if (!outage || outage.to < now.today) throw new SalaError(SalaErrorCode.OUTAGE_UNKNOWN);
      // The bookings' lock order: the classes' rows, then the reformer's.
      await this.spots.lockClassesBetween(outage.from, outage.to, now);
      await this.spots.lockSpot(outage.spot.id);
      const yesterday = addDays(now.today, -1);
      // Written again from the locked rows: of two ends at once, the second finds nothing to end.
      const ended =
        outage.from >= now.today
          ? await this.spots.deleteOutage(id)
          : await this.spots.shortenOutage(id, yesterday, now.today);
      if (!ended) throw new SalaError(SalaErrorCode.OUTAGE_UNKNOWN);
      await this.spots.fitUpcomingCapacities(now, { range: { from: outage.from, to: outage.to } });
      await this.fillFreedPlaces(now);
      await this.audit.record(admin, {
        action: 'spot.outage_end',
        entityType: 'spot',
        entityId: outage.spot.id,
        before: { spot: outage.spot.label, startDate: outage.from, endDate: outage.to },
        after: outage.from >= now.today ? { active: true } : { active: true, endDate: yesterday },
      });
      return outage;
    });
  }

  /**
   * First start (the seed, in its transaction): a room with `count` reformers when none was ever
   * drawn (the migration drew one for a studio that had a timetable already). Returns how many it placed.
   */
  async drawFirstRoom(count: number): Promise<number> {
    if ((await this.spots.countAll()) > 0 || count <= 0) return 0;
    const layout = firstRoomLayout(count);
    const room =
      (await this.spots.firstRoom()) ??
      (await this.spots.insertRoom({
        name: FIRST_ROOM_NAME,
        instructorRow: layout.instructor.row,
        instructorColumn: layout.instructor.column,
      }));
    for (const spot of layout.spots) await this.spots.insertSpot({ roomId: room.id, ...spot });
    return layout.spots.length;
  }

  /** A client's favourite reformer (null clears it): "Cualquiera" gives it first when free. */
  async setFavourite(userId: number, spotId: number | null | undefined): Promise<SpotRef | null> {
    return this.transactions.run(async () => {
      if (spotId === null || spotId === undefined) {
        await this.spots.setFavourite(userId, null);
        return null;
      }
      const spot = await this.spots.spotById(spotId);
      if (!spot || spot.activeMarker !== 1) throw new SalaError(SalaErrorCode.SPOT_UNKNOWN);
      await this.spots.setFavourite(userId, spot.id);
      return { id: spot.id, label: spot.label };
    });
  }

  /** A new reformer on a free cell; every class to come gains its place (up to its timetable capacity). */
  async add(admin: Caller, values: { label: string; row: number; column: number }): Promise<LiveSpot> {
    const spot = await this.transactions.run(async () => {
      const room = await this.room();
      await this.refuseTakenCell(room, values);
      const id = await this.writing(() => this.spots.insertSpot({ roomId: room.id, ...values }));
      await this.fitClasses();
      await this.audit.record(admin, {
        action: 'spot.create',
        entityType: 'spot',
        entityId: id,
        after: { spot: values.label, row: values.row, column: values.column },
      });
      return { id, ...values };
    });
    return spot;
  }

  /** Renames or moves a live reformer (its bookings stay on it). */
  async update(
    admin: Caller,
    id: number,
    changes: { label?: string; row?: number; column?: number },
  ): Promise<LiveSpot> {
    return this.transactions.run(async () => {
      const room = await this.room();
      const spot = await this.spots.spotById(id);
      if (!spot || spot.activeMarker !== 1) throw new SalaError(SalaErrorCode.SPOT_UNKNOWN);
      const before = { spot: spot.label, row: spot.gridRow, column: spot.gridColumn };
      const after = {
        spot: changes.label ?? spot.label,
        row: changes.row ?? spot.gridRow,
        column: changes.column ?? spot.gridColumn,
      };
      const diff = changedValues(before, after);
      if (!diff) return { id, label: spot.label, row: spot.gridRow, column: spot.gridColumn };
      if (after.row !== before.row || after.column !== before.column) await this.refuseTakenCell(room, after, id);
      const done = await this.writing(() => this.spots.updateLiveSpot(id, changes));
      if (!done) throw new SalaError(SalaErrorCode.SPOT_UNKNOWN);
      await this.audit.record(admin, {
        action: 'spot.update',
        entityType: 'spot',
        entityId: id,
        before: { spot: spot.label, ...diff.before },
        after: diff.after,
      });
      return { id, label: after.spot, row: after.row, column: after.column };
    });
  }

  /**
   * Takes a reformer out of the room for good. Refused (naming the classes) while it is booked in a
   * class that has not started, or while a class to come has more clients than reformers would remain.
   */
  async retire(admin: Caller, id: number): Promise<void> {
    const spot = await this.spots.spotById(id);
    if (!spot || spot.activeMarker !== 1) throw new SalaError(SalaErrorCode.SPOT_UNKNOWN);
    const now = this.roomNow();
    await this.transactions.run(async () => {
      // The classes' rows first, as bookings lock them before a reformer (MySQL): a booking racing
      // this either committed before (and is seen below) or waits and finds the reformer gone.
      await this.spots.fitUpcomingCapacities(now, { exceptSpotId: id });
      if (!(await this.spots.retire(id, this.clock.now()))) throw new SalaError(SalaErrorCode.SPOT_UNKNOWN);
      const booked = await this.spots.upcomingBookingsOf(id, now);
      const crowded = booked.length > 0 ? [] : await this.spots.crowdedUpcoming(now, id);
      if (booked.length > 0 || crowded.length > 0) {
        throw new SalaError(SalaErrorCode.SPOT_BOOKED, classNames(booked.length > 0 ? booked : crowded));
      }
      await this.audit.record(admin, {
        action: 'spot.retire',
        entityType: 'spot',
        entityId: id,
        before: { spot: spot.label, active: true },
        after: { active: false },
      });
    });
  }

  /** Where the instructor stands: a cell no live reformer takes. */
  async moveInstructor(admin: Caller, cell: Cell): Promise<Cell> {
    return this.transactions.run(async () => {
      const room = await this.room();
      const before = { row: room.instructorRow, column: room.instructorColumn };
      const diff = changedValues(before, cell);
      if (!diff) return cell;
      if (await this.spots.liveAt(room.id, cell.row, cell.column)) throw new SalaError(SalaErrorCode.SPOT_CELL_TAKEN);
      await this.spots.moveInstructor(room.id, cell);
      await this.audit.record(admin, { action: 'room.instructor', entityType: 'room', entityId: room.id, ...diff });
      return cell;
    });
  }

  private async room(): Promise<Room> {
    const room = await this.spots.firstRoom();
    if (!room) throw new SalaError(SalaErrorCode.ROOM_NOT_FOUND);
    return room;
  }

  /** Neither another live reformer nor the instructor on that cell. */
  private async refuseTakenCell(room: Room, cell: Cell, exceptId?: number): Promise<void> {
    const instructorThere = room.instructorRow === cell.row && room.instructorColumn === cell.column;
    if (instructorThere || (await this.spots.liveAt(room.id, cell.row, cell.column, exceptId))) {
      throw new SalaError(SalaErrorCode.SPOT_CELL_TAKEN);
    }
  }

  /** A write the unique cell and label indexes may refuse: which one, in Spanish. */
  private async writing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const text = String((error as { message?: unknown }).message ?? '');
      throw new SalaError(
        /uq_spots_label|spots\.label/.test(text) ? SalaErrorCode.SPOT_LABEL_TAKEN : SalaErrorCode.SPOT_CELL_TAKEN,
      );
    }
  }

  /** Every class to come follows the room's reformers in service; lines fill the places it gained. */
  private async fitClasses(): Promise<void> {
    const now = this.roomNow();
    await this.spots.fitUpcomingCapacities(now);
    await this.fillFreedPlaces(now);
  }

  /** Classes to come with a free place and a line: the waitlist fills them. */
  private async fillFreedPlaces(now: RoomNow): Promise<void> {
    const classIds = await this.spots.upcomingWithFreePlaceAndWaiting(now);
    if (classIds.length === 0) return;
    for (const listener of this.placesAdded) await listener(classIds);
  }

  private roomNow(): RoomNow {
    const now = this.clock.now();
    return { today: this.clock.today(now), timeOfDay: this.clock.timeOfDay(now) };
  }
}

/** "miércoles 25 de noviembre de 2026, 8:00 AM; …": the classes a refusal names (the first five, and how many more). */
function classNames(classes: UpcomingClass[]): string {
  const shown = classes.slice(0, 5).map((c) => `${formatLongDateWithWeekday(c.date)}, ${to12Hour(c.startTime)}`);
  const more = classes.length > 5 ? ` y ${classes.length - 5} más` : '';
  return `${shown.join('; ')}${more}.`;
}
