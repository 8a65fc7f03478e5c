import { Injectable } from '@nestjs/common';
import { SalaRepository, type SpotChoice, type SpotRef } from './sala.repository';
import { SalaError, SalaErrorCode, isSpotTakenViolation } from './sala.errors';

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
 */
@Injectable()
export class SpotAssigner {
  constructor(private readonly spots: SalaRepository) {}

  async place<T>(request: SpotRequest, write: (spotId: number) => Promise<T>): Promise<{ result: T; spot: SpotRef }> {
    if (request.spotId !== undefined && request.spotId !== null)
      return this.placeOn(request.classId, request.spotId, write);
    const choices = await this.spots.choicesInServiceFor(request.classId);
    for (const spot of await this.freeInOrder(request.userId, choices)) {
      if (!(await this.spots.holdLive(spot.id))) continue;
      if (await this.spots.outOfServiceInClass(spot.id, request.classId)) continue;
      try {
        return { result: await write(spot.id), spot: { id: spot.id, label: spot.label } };
      } catch (error) {
        if (!isSpotTakenViolation(error)) throw error;
      }
    }
    throw new SalaError(SalaErrorCode.NO_SPOT_FREE);
  }

  /** The reformer a reservation holds, or null (made before the room was drawn). */
  spotOf(reservationId: number): Promise<SpotRef | null> {
    return this.spots.spotOfReservation(reservationId);
  }

  /** The reformer asked for, or the refusal. */
  private async placeOn<T>(classId: number, spotId: number, write: (spotId: number) => Promise<T>) {
    const spot = await this.spots.spotById(spotId);
    if (!spot || spot.activeMarker !== 1 || !(await this.spots.holdLive(spot.id))) {
      throw new SalaError(SalaErrorCode.SPOT_UNKNOWN);
    }
    if (await this.spots.outOfServiceInClass(spot.id, classId)) throw new SalaError(SalaErrorCode.SPOT_OUT_OF_SERVICE);
    try {
      return { result: await write(spot.id), spot: { id: spot.id, label: spot.label } };
    } catch (error) {
      if (isSpotTakenViolation(error)) throw new SalaError(SalaErrorCode.SPOT_TAKEN);
      throw error;
    }
  }

  /** The live reformers of a class in service on its date, with whether each is taken there. */
  choicesInService(classId: number): Promise<SpotChoice[]> {
    return this.spots.choicesInServiceFor(classId);
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
