// "Mis clases": the clases route.
export { CalendarFeed } from './components/calendar-feed';
export { MyClasses } from './components/my-classes';
export { CANCELLED_MESSAGE, CancelReservationDialog } from './components/cancel-reservation-dialog';
export {
  bookedMessage,
  bookingPolicyText,
  classOutcomeText,
  cancelTermsText,
  formatStudioInstant,
  INSIDE_WINDOW_NOTE,
  RELEASED_LABEL,
} from './format';
