// The timetable editor and the one-off class cancellation: the horario route.
export { CANCEL_CLASS_WARNING, CancelClassForm } from './components/cancel-class-form';
export { TimetableEditor } from './components/timetable-editor';
