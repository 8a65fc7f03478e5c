export {
  END_BEFORE_START_MESSAGE,
  INVALID_DATE_MESSAGE,
  addDays,
  addMonths,
  formatDateOnly,
  isDateOnly,
  isoWeekday,
  mondayOf,
  parseDateOnly,
  planEndDate,
  weekFrom,
} from './date-only';
export {
  WEEKDAY_NAMES,
  formatLongDate,
  formatLongDateWithWeekday,
  monthYearTitle,
  shortWeekdayName,
  weekdayName,
} from './names';
export { studioInstant, studioTimeOfDay, studioToday } from './studio';
export { INVALID_TIME_MESSAGE, isTime24, timeToMinutes, to12Hour, to24Hour } from './times';
export { canCancelAt, cancelDeadline } from './cancellation';
export {
  addressLineOf,
  DEFAULT_STUDIO_CONTACT,
  instagramHandleOf,
  phoneUrlOf,
  STUDIO_CONTACT,
  studioAddressLine,
  studioAddressLines,
  studioWhatsappUrl,
  whatsappUrlOf,
  type StudioContactInfo,
} from './studio-contact';
