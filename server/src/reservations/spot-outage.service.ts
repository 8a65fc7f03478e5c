import { Injectable } from '@nestjs/common';
import { to12Hour } from '@pilates/dates';
import { AuditService } from '../core/audit/audit.service';
import type { Caller } from '../core/auth/caller';
import { TransactionService } from '../core/database/transaction.service';
import { NotificationsService } from '../notifications';
import { SalaService, SpotAssigner, type OutageRange, type OutageRequest, type SpotChoice } from '../sala';
import { BookingService, spotMoveEntry } from './booking.service';
import { toBookedClass } from './dto/reservations.mappers';
import { ReservationsRepository } from './reservations.repository';
import { BookingError, BookingErrorCode } from './reservations.errors';

/** A client booked on the reformer going out of service, moved to another one of the same class. */
export interface OutageMove {
  reservationId: number;
  name: string;
  date: string;
  time: string;
  from: string;
  to: string;
  toSpotId: number;
}

/** A client booked on it with no free reformer left in their class. */
export interface OutageStranded {
  reservationId: number;
  name: string;
  date: string;
  time: string;
}

export interface OutagePlan {
  moves: OutageMove[];
  stranded: OutageStranded[];
}

/**
 * A reformer out of service over a range of studio days (issue #32, point 2). The preview and the
 * change work out the same plan, by the same reads: each client booked on it in a class of those
 * dates that has not started goes to a free reformer in service of the same class, in the order
 * "Cualquiera" tries them (SpotAssigner: favourite, the one used last, the lowest free); who finds
 * none is left "stranded". Applying it is one transaction: the range (SalaService, which locks the
 * classes and the reformer first), the moves with their mails, the stranded clients' reservations
 * cancelled by the studio (their class back on the plan, the usual mail), the classes' places
 * fitted to the reformers in service, and the audit entry.
 */
@Injectable()
export class SpotOutageService {
  constructor(
    private readonly sala: SalaService,
    private readonly spots: SpotAssigner,
    private readonly booking: BookingService,
    private readonly reservations: ReservationsRepository,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
    readonly transactions: TransactionService,
  ) {}

  /** What taking the reformer out of service would do, changing nothing. */
  async preview(values: OutageRequest): Promise<OutagePlan> {
    await this.sala.checkOutage(values);
    return this.plan(values);
  }

  /** Takes the reformer out of service and does what the preview showed, at once. */
  async apply(admin: Caller, values: OutageRequest): Promise<{ outage: OutageRange; plan: OutagePlan }> {
    return this.transactions.run(async () => {
      const outage = await this.sala.openOutage(admin, values);
      const plan = await this.plan(values);
      for (const move of plan.moves) {
        // The classes' rows are locked (openOutage): nothing books, cancels or moves in them meanwhile.
        if (!(await this.reservations.moveToSpot(move.reservationId, move.toSpotId))) {
          throw new BookingError(BookingErrorCode.RESERVATION_CANCELLED);
        }
        const info = (await this.reservations.reservationById(move.reservationId))!;
        // Audited as an admin's move of one client, so the plan's "Historial" shows it too.
        await this.audit.record(admin, spotMoveEntry(info, move.from, move.to));
        await this.notifications.emit({
          type: 'reservation.spot_moved',
          to: { userId: info.userId, email: info.email, name: info.name },
          payload: { class: toBookedClass(info, info.id), from: move.from, to: move.to },
        });
      }
      for (const stranded of plan.stranded) await this.booking.cancelStranded(stranded.reservationId, admin.id);
      // After the moves and cancellations: the places follow the reformers left, never below those taken.
      await this.sala.fitCapacitiesBetween(values.from, values.to);
      await this.audit.record(admin, {
        action: 'spot.outage',
        entityType: 'spot',
        entityId: values.spotId,
        after: {
          spot: outage.spot.label,
          startDate: values.from,
          endDate: values.to,
          reason: values.reason,
          moved: plan.moves.length,
          cancelledReservations: plan.stranded.length,
        },
      });
      return { outage, plan };
    });
  }

  /** The moves and the stranded clients, class by class, soonest first. */
  private async plan(values: OutageRequest): Promise<OutagePlan> {
    const booked = await this.sala.bookingsOn(values.spotId, values.from, values.to);
    const plan: OutagePlan = { moves: [], stranded: [] };
    const choicesOf = new Map<number, SpotChoice[]>();
    for (const booking of booked) {
      let choices = choicesOf.get(booking.classId);
      if (!choices) {
        // The reformer going out is left out whether or not its range is written yet (preview).
        choices = (await this.spots.choicesInService(booking.classId)).filter((c) => c.id !== values.spotId);
        choicesOf.set(booking.classId, choices);
      }
      const [target] = await this.spots.freeInOrder(booking.userId, choices);
      const row = { reservationId: booking.reservationId, name: booking.name, date: booking.date };
      if (!target) {
        plan.stranded.push({ ...row, time: to12Hour(booking.startTime) });
        continue;
      }
      // Taken from now on for the next client of the same class.
      target.taken = true;
      plan.moves.push({
        ...row,
        time: to12Hour(booking.startTime),
        from: booking.spotLabel,
        to: target.label,
        toSpotId: target.id,
      });
    }
    return plan;
  }
}
