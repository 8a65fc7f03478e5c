import { Injectable } from '@nestjs/common';
import { addDays } from '@pilates/dates';
import type { Caller } from '../core/auth/caller';
import { InstructorsService } from '../instructors';
import { BookingService } from '../reservations';
import type { CoverRequestDto, TeachingClassDto } from './dto/teaching.dto';
import { toCoverRequestDto } from './dto/teaching.mappers';
import type { CoverRequest } from './entities';
import { TeachingRepository } from './teaching.repository';

/**
 * "Mis clases a impartir": the classes an instructor teaches between two dates, each with its roster
 * as the admin's (BookingService.rosterFor) reads it, narrowed to what the door needs: names, their
 * reformer, their plan's classes left, first-timer and birthday markers. A class is theirs when its
 * instructor on that date (a substitute's when one teaches it, else the timetable's) is the profile
 * linked to their account.
 */
@Injectable()
export class TeachingService {
  constructor(
    private readonly booking: BookingService,
    private readonly instructors: InstructorsService,
    private readonly repository: TeachingRepository,
  ) {}

  async classes(caller: Caller, from: string, to: string): Promise<TeachingClassDto[]> {
    const profile = await this.instructors.profileOfAccount(caller.id);
    if (!profile) return [];
    const taught = [];
    for (let date = from; date <= to; date = addDays(date, 1)) {
      const roster = await this.booking.rosterFor(date, caller);
      taught.push(...roster.filter((slot) => slot.instructorId === profile.id).map((slot) => ({ date, slot })));
    }
    const markers = await this.repository.markersOf(
      taught.flatMap(({ slot }) => slot.enrolled.map((person) => person.reservationId)),
    );
    const requests = latestByClass(await this.repository.requestsOf(profile.id, from, to));
    const substitutes = new Map(
      (await this.instructors.byIds([...new Set(requests.values())].flatMap((r) => r.substituteId ?? []))).map((i) => [
        i.id,
        i.name,
      ]),
    );
    return taught.map(({ date, slot }) => {
      const request = requests.get(classKey(slot.scheduleId, date));
      const coverRequest: CoverRequestDto | null = request
        ? toCoverRequestDto(request, request.substituteId ? (substitutes.get(request.substituteId) ?? null) : null)
        : null;
      return {
        scheduleId: slot.scheduleId,
        classId: slot.classId,
        date,
        time: slot.time,
        durationMinutes: slot.durationMinutes,
        capacity: slot.capacity,
        reservedCount: slot.reservedCount,
        isPastClass: slot.isPastClass,
        isCancelled: slot.isCancelled,
        substitute: slot.substitute,
        students: slot.enrolled.map((person) => {
          const marker = markers.get(person.reservationId);
          return {
            reservationId: person.reservationId,
            userId: person.id,
            name: person.name,
            attended: person.attended,
            spot: person.spot,
            classesRemaining: person.paidAtStudio ? null : (marker?.classesRemaining ?? null),
            paidAtStudio: person.paidAtStudio,
            firstTime: marker?.firstTime ?? false,
            birthday: marker !== undefined && marker.birthDate.slice(5) === date.slice(5),
            healthNote: person.healthNote,
          };
        }),
        spots: slot.spots,
        attendance: slot.attendance,
        canMarkAttendance: slot.canMarkAttendance,
        canWalkIn: slot.canWalkIn,
        coverRequest,
      };
    });
  }
}

const classKey = (scheduleId: number, date: string) => `${scheduleId}@${date}`;

/** Each class's latest request (requests come oldest first). */
function latestByClass(requests: CoverRequest[]): Map<string, CoverRequest> {
  return new Map(requests.map((r) => [classKey(r.scheduleId, r.classDate), r]));
}
