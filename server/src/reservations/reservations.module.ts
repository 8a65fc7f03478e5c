import { Module } from '@nestjs/common';
import { BookingNotifier } from './booking-notifier.service';
import { BookingService } from './booking.service';
import { CalendarFeedController } from './calendar-feed.controller';
import { CalendarFeedService } from './calendar-feed.service';
import { ClassSessionsService } from './class-sessions.service';
import { RemindersService } from './reminders.service';
import { ReservationsController } from './reservations.controller';
import { TimetableController } from './timetable.controller';
import { TimetableService } from './timetable.service';

/** Booking: the weekly timetable, classes on dates, reservations, their mails and calendar feeds. */
@Module({
  controllers: [ReservationsController, TimetableController, CalendarFeedController],
  providers: [
    ClassSessionsService,
    BookingService,
    BookingNotifier,
    TimetableService,
    RemindersService,
    CalendarFeedService,
  ],
  exports: [BookingService, BookingNotifier],
})
export class ReservationsModule {}
