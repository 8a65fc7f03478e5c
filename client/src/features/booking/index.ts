// The booking calendar's public surface: the reservar and usuarios-clases routes.
export { BookingDay, type BookingDayProps } from './components/booking-day';
export { routerBreadcrumbLink } from './components/breadcrumb-link';
export { RosterDay } from './components/roster-day';
export { WeekCalendar } from './components/week-calendar';
export { currentStudioDay, useStudioToday } from './hooks/use-studio-today';
export { calendarSearchSchema, selectedDay, type CalendarSearch } from './search';
export { PLANS_LOOKED_AT, PlanSummary } from './components/plan-summary';
export { readUntilOpeningDay, useOpeningDay } from './hooks/use-opening-day';
export { RoomMap, type RoomMapProps } from './components/room-map';
export { RoomList, type RoomListProps } from './components/room-list';
export { RoomLegend } from './components/room-legend';
export { defaultInstructor } from './components/choose-reformer-dialog';
export { RoomPicker, type RoomPickerProps, type RoomView } from './components/room-picker';
export {
  ANY_LABEL,
  spotLabel,
  type RoomCell,
  type RoomChoiceProps,
  type RoomMode,
  type RoomSpot,
  type SpotState,
} from './components/room-spots';
// The door's pieces "Mis clases a impartir" (teaching) shares with the roster.
export { AttendanceControls, attendanceLabel, attendanceSummaryText } from './components/attendance-controls';
export { walkInClientSchema } from './components/roster-walk-in';
