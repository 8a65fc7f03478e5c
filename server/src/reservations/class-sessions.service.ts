import { Injectable } from '@nestjs/common';
import { TransactionService } from '../core/database/transaction.service';
import { SalaService } from '../sala';
import { ReservationsRepository, type Slot } from './reservations.repository';
import { BookingError, BookingErrorCode } from './reservations.errors';

/**
 * The classes of a date: the weekly timetable merged with the rows of classes that were booked or
 * cancelled on that date (a class row keeps its own time and capacity).
 */
@Injectable()
export class ClassSessionsService {
  constructor(
    private readonly repository: ReservationsRepository,
    readonly transactions: TransactionService,
    private readonly sala: SalaService,
  ) {}

  /** One class of the timetable on a date, refusing a date the class does not run. */
  async slotOf(scheduleId: number, date: string): Promise<Slot> {
    const slot = (await this.repository.slotsOn(date)).find((s) => s.scheduleId === scheduleId);
    if (!slot) throw new BookingError(BookingErrorCode.CLASS_NOT_FOUND);
    return slot;
  }

  /**
   * The class row of a slot, created on first need. Its own short transaction, before the one that
   * books: concurrent creations meet on the unique (schedule, date) index and all but one are
   * ignored, without holding locks the booking transaction needs (MySQL) — and queued on SQLite.
   * Its places follow the room: the timetable's capacity, at most the reformers in service that
   * date (adding, retiring or taking one out of service sets the rows of classes to come again,
   * SalaService).
   */
  async ensureSession(slot: Slot): Promise<number> {
    if (slot.classId) return slot.classId;
    // Read before the transaction: on MySQL a read inside it would fix its snapshot before the
    // INSERT IGNORE, and a row another request just created would stay invisible to the re-read.
    const capacity = Math.min(slot.capacity, await this.sala.inServiceCount(slot.date));
    const classId = await this.transactions.run(() => this.repository.createSessionOnce(slot, capacity));
    // A reformer taken out of service meanwhile: its range fitted the date's classes before this row
    // existed (the row waited for it on MySQL's locks), so fit them again. Read after the commit.
    if ((await this.sala.inServiceCount(slot.date)) < capacity)
      await this.sala.fitCapacitiesBetween(slot.date, slot.date);
    return classId;
  }
}
