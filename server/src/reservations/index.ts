// reservations' public surface: what other modules and the app's wiring may use. Its entity
// classes are the other entry, ./entities (see docs/architecture.md, "Server layers").
export { ReservationsModule } from './reservations.module';
export { ReservationsController } from './reservations.controller';
export { AttendanceService } from './attendance.service';
export { BookingService } from './booking.service';
export { ClassSessionsService } from './class-sessions.service';
export { SubstitutesService } from './substitutes.service';
export { NoShowsService } from './no-shows.service';
export { RemindersService } from './reminders.service';
export { WaitlistService } from './waitlist.service';
export {
  HOLD_MINUTES,
  SpotHoldsService,
  type HeldBooking,
  type HoldRequest,
  type PreparedHold,
} from './spot-holds.service';
export { BookingError, BookingErrorCode } from './reservations.errors';
export { MembershipBooking } from './membership-booking';
export {
  bookableUntil,
  bookingBlockedFrom,
  daysBetween,
  daysInYear,
  paidThroughAfter,
  pauseOn,
  studioWeekOf,
  type MembershipTerms,
} from './membership-rules';
export { GetClasesDto, MyClassesResponseDto } from './dto/my-classes.dto';
export { AttendanceSummaryDto, DateRequestDto, EnrolledSpotDto, SlotSpotDto } from './dto/slots.dto';
