import { ClassTypesModule } from '../class-types';
import { InstructorsModule } from '../instructors';
import { LegalModule } from '../legal';
import { HealthProfileModule } from '../health-profile';
import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications';
import { PlanesModule } from '../planes';
import { SalaModule } from '../sala';
import { AttendanceService } from './attendance.service';
import { BookingService } from './booking.service';
import { CalendarFeedController } from './calendar-feed.controller';
import { CalendarFeedRepository } from './calendar-feed.repository';
import { CalendarFeedService } from './calendar-feed.service';
import { ClassSessionsService } from './class-sessions.service';
import { RemindersService } from './reminders.service';
import { ReservationsController } from './reservations.controller';
import { ReservationsRepository } from './reservations.repository';
import { SpotOutageController } from './spot-outage.controller';
import { SpotOutageService } from './spot-outage.service';
import { TimetableController } from './timetable.controller';
import { TimetableRepository } from './timetable.repository';
import { SubstitutesService } from './substitutes.service';
import { TimetableService } from './timetable.service';
import { NoShowsService } from './no-shows.service';
import { MembershipBooking } from './membership-booking';
import { MembershipBookingRepository } from './membership-booking.repository';
import { PlanChooser } from './plan-chooser';
import { SpotHoldsRepository } from './spot-holds.repository';
import { SpotHoldsService } from './spot-holds.service';
import { WaitlistRepository } from './waitlist.repository';
import { WaitlistService } from './waitlist.service';

/** Booking: the weekly timetable, classes on dates, reservations, their notifications and calendar feeds. */
@Module({
  imports: [
    PlanesModule,
    NotificationsModule,
    SalaModule,
    InstructorsModule,
    ClassTypesModule,
    LegalModule,
    HealthProfileModule,
  ],
  controllers: [ReservationsController, TimetableController, CalendarFeedController, SpotOutageController],
  providers: [
    ReservationsRepository,
    TimetableRepository,
    CalendarFeedRepository,
    ClassSessionsService,
    BookingService,
    AttendanceService,
    TimetableService,
    SubstitutesService,
    RemindersService,
    CalendarFeedService,
    PlanChooser,
    MembershipBookingRepository,
    MembershipBooking,
    WaitlistRepository,
    WaitlistService,
    SpotOutageService,
    SpotHoldsRepository,
    SpotHoldsService,
    NoShowsService,
  ],
  exports: [
    MembershipBooking,
    BookingService,
    AttendanceService,
    SpotHoldsService,
    ClassSessionsService,
    SubstitutesService,
  ],
})
export class ReservationsModule {}
