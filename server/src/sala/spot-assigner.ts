import { Injectable } from '@nestjs/common';
import { StudioClock } from '../core/clock/studio-clock';
import { SalaRepository, type SpotChoice, type SpotRef } from './sala.repository';
import { SalaError, SalaErrorCode, isSpotTakenViolation } from './sala.errors';

/** uq_reservations_spot refused the write, or a hold's write found the reformer booked. */
const isSpotTaken = (error: unknown): boolean =>
  isSpotTakenViolation(error) || (error instanceof SalaError && error.code === SalaErrorCode.SPOT_TAKEN);

/** Who is placed in which class, and the reformer they asked for (none: "Cualquiera"). */
export interface SpotRequest {
  classId: number;
  userId: number;
  spotId?: number | null;
}

/**
 * Gives a reservation its reformer: booking, walk-ins and waitlist promotions all come here, inside
 * their transaction and after the class row is locked. `write(spotId)` stores the reservation on
 * that reformer; uq_reservations_spot refuses it when the reformer is taken in the class, which is
 * what decides a race (on MySQL the list read may predate a booking just committed).
 * - A reformer asked for must be live, in service on the class's date and free: SPOT_UNKNOWN,
 *   SPOT_OUT_OF_SERVICE or SPOT_TAKEN otherwise.
 * - "Cualquiera": the client's favourite if free, else the one they had last, else the lowest free
 *   (front row first, then left to right), never one out of service that day; a reformer taken
 *   meanwhile passes to the next.
 * The out-of-service test follows holdLive: a range being written holds the reformer's row
 * (SpotOutageService), so a booking waiting there reads the range once it is committed.
 * A reformer a checkout holds for someone else (spot_holds, live for 15 minutes) is taken for
 * everyone but its holder; holds are written under the class row's lock, as bookings take it.
 */
@Injectable()
export class SpotAssigner {
  constructor(
    private readonly spots: SalaRepository,
    private readonly clock: StudioClock,
  ) {}

  async place<T>(request: SpotRequest, write: (spotId: number) => Promise<T>): Promise<{ result: T; spot: SpotRef }> {
    if (request.spotId !== undefined && request.spotId !== null) return this.placeOn(request, request.spotId, write);
    const now = this.clock.now();
    const choices = await this.spots.choicesInServiceFor(request.classId, now, request.userId);
    for (const spot of await this.freeInOrder(request.userId, choices)) {
      if (!(await this.spots.holdLive(spot.id))) continue;
      if (await this.spots.outOfServiceInClass(spot.id, request.classId)) continue;
      if (await this.spots.heldByOther(spot.id, request.classId, request.userId, now)) continue;
      try {
        return { result: await write(spot.id), spot: { id: spot.id, label: spot.label } };
      } catch (error) {
        if (!isSpotTaken(error)) throw error;
      }
    }
    throw new SalaError(SalaErrorCode.NO_SPOT_FREE);
  }

  /**
   * Holds a reformer for a checkout (the one asked for, or "Cualquiera" by the same order) with
   * `write(spotId)`, which records the hold: the same refusals as a booking. Inside the caller's
   * transaction, after the class row is locked: no index backs a hold, so the reformer's booking is
   * read here with a locking read.
   */
  hold<T>(request: SpotRequest, write: (spotId: number) => Promise<T>): Promise<{ result: T; spot: SpotRef }> {
    return this.place(request, async (spotId) => {
      if (await this.spots.bookedInClass(spotId, request.classId)) throw new SalaError(SalaErrorCode.SPOT_TAKEN);
      return write(spotId);
    });
  }

  /** The reformer a reservation holds, or null (made before the room was drawn). */
  spotOf(reservationId: number): Promise<SpotRef | null> {
    return this.spots.spotOfReservation(reservationId);
  }

  /** The reformer asked for, or the refusal. */
  private async placeOn<T>(request: SpotRequest, spotId: number, write: (spotId: number) => Promise<T>) {
    const { classId, userId } = request;
    const spot = await this.spots.spotById(spotId);
    if (!spot || spot.activeMarker !== 1 || !(await this.spots.holdLive(spot.id))) {
      throw new SalaError(SalaErrorCode.SPOT_UNKNOWN);
    }
    if (await this.spots.outOfServiceInClass(spot.id, classId)) throw new SalaError(SalaErrorCode.SPOT_OUT_OF_SERVICE);
    if (await this.spots.heldByOther(spot.id, classId, userId, this.clock.now())) {
      throw new SalaError(SalaErrorCode.SPOT_TAKEN);
    }
    try {
      return { result: await write(spot.id), spot: { id: spot.id, label: spot.label } };
    } catch (error) {
      if (isSpotTaken(error)) throw new SalaError(SalaErrorCode.SPOT_TAKEN);
      throw error;
    }
  }

  /**
   * The live reformers of a class in service on its date, with whether each is taken there (held
   * by a checkout counts as taken, but for `holder`'s own).
   */
  choicesInService(classId: number, holder = 0): Promise<SpotChoice[]> {
    return this.spots.choicesInServiceFor(classId, this.clock.now(), holder);
  }

  /** The free reformers among `choices` in the order "Cualquiera" tries them for this client. */
  async freeInOrder(userId: number, choices: SpotChoice[]): Promise<SpotChoice[]> {
    const free = choices.filter((spot) => !spot.taken);
    if (free.length === 0) return [];
    const { favourite, lastUsed } = await this.spots.preferencesOf(userId);
    const first = [favourite, lastUsed]
      .map((id) => free.find((spot) => spot.id === id))
      .filter((spot): spot is SpotChoice => spot !== undefined);
    return [...new Set([...first, ...free])];
  }
}
