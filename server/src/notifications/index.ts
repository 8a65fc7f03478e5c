// notifications' public surface: what other modules and the app's wiring may use. Its entity
// classes are the other entry, ./entities (see docs/architecture.md, "Server layers").
export { NotificationsModule } from './notifications.module';
export { NotificationsService } from './notifications.service';
export { RESET_LINK_HOURS, WELCOME_LINK_DAYS } from './events';
export { classCalendar, type BookedClass } from './class-calendar';
