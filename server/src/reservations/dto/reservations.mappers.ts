import { to12Hour, WEEKDAY_NAMES, weekdayName } from '@pilates/dates';
import { instructorPhotoUrl } from '../../instructors/entities';
// The entities' entry, not the module's: the bench's bare reference loads this file without the app.
import { CLASS_TYPE_LEVEL_NAMES, type ClassTypeLevel } from '../../class-types/entities';
import type { BookedClass } from '../../notifications';
import type { Schedule } from '../entities/schedule.entity';
import type { Enrolled, MyClassRow, ReleasedPlace, Slot } from '../reservations.repository';
import type { MyClassDto } from './my-classes.dto';
import type { RoomOn } from '../slots.sql';
import type { AttendanceSummaryDto, EnrolledUserDto, ReleasedPlaceDto, SlotDto, SlotSpotDto } from './slots.dto';
import type { ScheduleDto } from './timetable.dto';

/** The `users` field of a class nobody has booked (the wire shape the client reads). */
const NOBODY = JSON.stringify([{ id: null, name: null }]);

/** The viewer's own place in a class's waitlist. */
export interface MyWaitlistPlace {
  id: number;
  position: number;
}

/**
 * A class of the day view. `viewerId`: whose own reservation id to show (null for a visitor);
 * `room`: the room that day; `waiting`: the viewer's place in its waitlist, if any.
 */
export function toSlotDto(
  slot: Slot,
  people: Enrolled[],
  viewerId: number | null,
  timing: CancelTiming,
  room: RoomOn,
  waiting?: MyWaitlistPlace,
): SlotDto {
  const users = people.map((p) => ({ id: p.id, name: p.name }));
  const own = viewerId !== null ? people.find((p) => p.id === viewerId) : undefined;
  return {
    scheduleId: slot.scheduleId,
    classId: slot.classId,
    time: to12Hour(slot.startTime),
    durationMinutes: slot.durationMinutes,
    // A class row keeps its capacity up to date with the room; until one exists, the timetable's
    // capacity is capped by the reformers in service that day, as the row will be when created.
    capacity: slot.classId === null ? Math.min(slot.capacity, room.inService) : slot.capacity,
    reservedCount: slot.reservedCount,
    isPastClass: timing.isPast,
    cancelUntil: timing.cancelUntil,
    cancellable: timing.cancellable,
    isCancelled: slot.cancelled,
    instructorId: slot.instructorId,
    instructor: slot.instructor,
    substitute: slot.substitute,
    instructorPhotoUrl: instructorPhotoUrl(slot.instructorPhoto),
    classType: {
      id: slot.classType.id,
      name: slot.classType.name,
      level: slot.classType.level as ClassTypeLevel,
      levelName: CLASS_TYPE_LEVEL_NAMES[slot.classType.level as ClassTypeLevel],
      colour: slot.classType.colour,
    },
    users: users.length > 0 ? JSON.stringify(users) : NOBODY,
    myReservationId: own?.reservationId ?? null,
    waitlistCount: slot.waitingCount,
    myWaitlistPosition: waiting?.position ?? null,
    myWaitlistId: waiting?.id ?? null,
    spots: toSlotSpots(room, slot.takenSpotIds, own?.spotId ?? null),
  };
}

/**
 * Each reformer of the room as one class sees it: the viewer's own first, then out of service,
 * then taken by someone else, else free.
 */
function toSlotSpots(room: RoomOn, taken: number[], mine: number | null): SlotSpotDto[] {
  return room.spots.map((spot) => ({
    id: spot.id,
    label: spot.label,
    row: spot.row,
    column: spot.column,
    state:
      spot.id === mine ? 'mine' : spot.outOfService ? 'out_of_service' : taken.includes(spot.id) ? 'taken' : 'free',
  }));
}

export const toEnrolledUserDto = (p: Enrolled, healthNote = false): EnrolledUserDto => ({
  reservationId: p.reservationId,
  id: p.id,
  name: p.name,
  email: p.email,
  attended: p.attended,
  paidAtStudio: p.paidAtStudio,
  spot: p.spotId !== null && p.spotLabel !== null ? { id: p.spotId, label: p.spotLabel } : null,
  forgiven: (p.forgivenAt ?? null) !== null,
  healthNote,
});

export const toReleasedPlaceDto = (p: ReleasedPlace): ReleasedPlaceDto => ({
  reservationId: p.reservationId,
  id: p.id,
  name: p.name,
  email: p.email,
  releasedAt: p.releasedAt.toISOString(),
  forgiven: p.forgivenAt !== null,
});

/** The roster's counts, from the people already read (no query of its own). */
export const toAttendanceSummary = (people: Enrolled[]): AttendanceSummaryDto => ({
  attended: people.filter((p) => p.attended === true).length,
  noShow: people.filter((p) => p.attended === false).length,
  unmarked: people.filter((p) => p.attended === null).length,
});

/** Whether a class has started, until when it may be cancelled and whether the caller still may. */
export interface CancelTiming {
  isPast: boolean;
  cancellable: boolean;
  deadline: Date;
  /** `deadline` as the API states it (ISO 8601). */
  cancelUntil: string;
}

/**
 * A line of "Mis clases"; the caller says whether it has started, until when it may be cancelled and
 * whether the studio lets a client release a place late (Ajustes).
 */
export function toMyClassDto(row: MyClassRow, timing: CancelTiming, lateReleases: boolean): MyClassDto {
  const released = row.lateReleasedAt !== null;
  return {
    id: row.id,
    date: row.date,
    dayOfWeek: weekdayName(row.date),
    time: to12Hour(row.startTime),
    instructor: row.instructor,
    classType: classTypeLabel({ name: row.classTypeName, level: row.classTypeLevel }),
    isPast: timing.isPast,
    // A released place is no longer the client's: nothing left to cancel.
    cancellable: timing.cancellable && !released,
    releasable: lateReleases && !released && !timing.isPast && !timing.cancellable,
    cancellableUntil: timing.cancelUntil,
    attended: row.attended,
    spot: row.spotId !== null && row.spotLabel !== null ? { id: row.spotId, label: row.spotLabel } : null,
    lateReleased: released,
    forgiven: row.forgivenAt !== null,
  };
}

/** A reserved class as mails and calendar feeds show it. */
/** "Pilates Reformer · Básico": a class's type as calendars and mails name it. */
export const classTypeLabel = (type: { name: string; level: string }): string => {
  const level = CLASS_TYPE_LEVEL_NAMES[type.level as ClassTypeLevel];
  return level ? `${type.name} · ${level}` : type.name;
};

export function toBookedClass(
  item: {
    date: string;
    startTime: string;
    durationMinutes: number;
    instructor: string | null;
    spot?: string | null;
    sequence?: number;
    classType?: { name: string; level: string };
  },
  reservationId = 0,
): BookedClass {
  return {
    reservationId,
    date: item.date,
    startTime: item.startTime,
    durationMinutes: item.durationMinutes,
    instructor: item.instructor,
    spot: item.spot ?? null,
    ...(item.classType ? { classType: classTypeLabel(item.classType) } : {}),
    ...(item.sequence ? { sequence: item.sequence } : {}),
  };
}

export function toScheduleDto(schedule: Schedule): ScheduleDto {
  return {
    id: schedule.id,
    weekday: schedule.weekday,
    dayName: WEEKDAY_NAMES[schedule.weekday],
    startTime: schedule.startTime,
    time: to12Hour(schedule.startTime),
    capacity: schedule.capacity,
    durationMinutes: schedule.durationMinutes,
    classType: {
      id: schedule.classType!.id,
      name: schedule.classType!.name,
      level: schedule.classType!.level,
      levelName: CLASS_TYPE_LEVEL_NAMES[schedule.classType!.level],
      colour: schedule.classType!.colour,
    },
    instructorId: schedule.instructorId,
    instructor: schedule.instructor,
    active: schedule.active,
  };
}
