import { ClassSession } from './class-session.entity';
import { Reservation } from './reservation.entity';
import { Schedule } from './schedule.entity';
import { SecondReminder } from './second-reminder.entity';
import { SpotHold } from './spot-hold.entity';
import { WaitlistEntry } from './waitlist-entry.entity';

// The timetable the first-start seed fills; classes and reservations read by teaching's door markers.
export { ClassSession, Reservation, Schedule };

/** The reservations module's tables, for the app's schema (server/src/database/schema.ts). */
export const reservationsEntities = [Schedule, ClassSession, Reservation, WaitlistEntry, SpotHold, SecondReminder];

// The users' stored attendance counters are set from reservations by the migration that adds them.
export { recountAttendanceSql, recountClassAttendanceSql } from '../attendance-counts';
