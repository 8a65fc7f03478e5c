// "Mis clases": the clases route.
export { CalendarFeed } from './components/calendar-feed';
export { MyClasses } from './components/my-classes';
export { CANCELLED_MESSAGE, CancelReservationDialog } from './components/cancel-reservation-dialog';
export { bookedMessage, cancelTermsText, formatStudioInstant, INSIDE_WINDOW_NOTE } from './format';
