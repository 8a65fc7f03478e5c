import { DomainError } from '../core/errors/api-error';

export enum BookingErrorCode {
  CLASS_NOT_FOUND = 'CLASS_NOT_FOUND',
  CLASS_STARTED = 'CLASS_STARTED',
  CLASS_CANCELLED = 'CLASS_CANCELLED',
  ALREADY_BOOKED = 'ALREADY_BOOKED',
  NO_CLASSES_LEFT = 'NO_CLASSES_LEFT',
  DATE_OUT_OF_PLAN = 'DATE_OUT_OF_PLAN',
  CLASS_TYPE_NOT_IN_PLAN = 'CLASS_TYPE_NOT_IN_PLAN',
  CLASS_FULL = 'CLASS_FULL',
  RESERVATION_NOT_FOUND = 'RESERVATION_NOT_FOUND',
  CANCEL_WINDOW_CLOSED = 'CANCEL_WINDOW_CLOSED',
  USER_NOT_FOUND = 'USER_NOT_FOUND',
  SCHEDULE_NOT_FOUND = 'SCHEDULE_NOT_FOUND',
  SCHEDULE_TIME_TAKEN = 'SCHEDULE_TIME_TAKEN',
  CAPACITY_BELOW_RESERVED = 'CAPACITY_BELOW_RESERVED',
  CALENDAR_FEED_NOT_FOUND = 'CALENDAR_FEED_NOT_FOUND',
  CLASS_NOT_FULL = 'CLASS_NOT_FULL',
  ALREADY_WAITLISTED = 'ALREADY_WAITLISTED',
  WAITLIST_FULL = 'WAITLIST_FULL',
  WAITLIST_CLOSED = 'WAITLIST_CLOSED',
  WAITLIST_ENTRY_NOT_FOUND = 'WAITLIST_ENTRY_NOT_FOUND',
  WAITLIST_ENTRY_ENDED = 'WAITLIST_ENTRY_ENDED',
  ATTENDANCE_TOO_EARLY = 'ATTENDANCE_TOO_EARLY',
  ATTENDANCE_CLOSED = 'ATTENDANCE_CLOSED',
  RESERVATION_CANCELLED = 'RESERVATION_CANCELLED',
  WALK_IN_CLOSED = 'WALK_IN_CLOSED',
  WALK_IN_WAITLIST = 'WALK_IN_WAITLIST',
  SPOT_CHANGE_CLOSED = 'SPOT_CHANGE_CLOSED',
  RELEASE_IN_TIME = 'RELEASE_IN_TIME',
  RELEASE_CLASS_STARTED = 'RELEASE_CLASS_STARTED',
  NOT_FORGIVABLE = 'NOT_FORGIVABLE',
  RELEASE_DISABLED = 'RELEASE_DISABLED',
  BOOKING_BLOCKED = 'BOOKING_BLOCKED',
  SUBSTITUTE_RANGE_UNSCOPED = 'SUBSTITUTE_RANGE_UNSCOPED',
}

// Records keyed by the enum: a code without its status and message does not compile.
const status: Record<BookingErrorCode, number> = {
  [BookingErrorCode.CLASS_NOT_FOUND]: 404,
  [BookingErrorCode.CLASS_STARTED]: 409,
  [BookingErrorCode.CLASS_CANCELLED]: 409,
  [BookingErrorCode.ALREADY_BOOKED]: 409,
  [BookingErrorCode.NO_CLASSES_LEFT]: 409,
  [BookingErrorCode.DATE_OUT_OF_PLAN]: 409,
  [BookingErrorCode.CLASS_TYPE_NOT_IN_PLAN]: 409,
  [BookingErrorCode.CLASS_FULL]: 409,
  [BookingErrorCode.RESERVATION_NOT_FOUND]: 404,
  [BookingErrorCode.CANCEL_WINDOW_CLOSED]: 409,
  [BookingErrorCode.USER_NOT_FOUND]: 404,
  [BookingErrorCode.SCHEDULE_NOT_FOUND]: 404,
  [BookingErrorCode.SCHEDULE_TIME_TAKEN]: 409,
  [BookingErrorCode.CAPACITY_BELOW_RESERVED]: 409,
  [BookingErrorCode.CALENDAR_FEED_NOT_FOUND]: 404,
  [BookingErrorCode.CLASS_NOT_FULL]: 409,
  [BookingErrorCode.ALREADY_WAITLISTED]: 409,
  [BookingErrorCode.WAITLIST_FULL]: 409,
  [BookingErrorCode.WAITLIST_CLOSED]: 409,
  [BookingErrorCode.WAITLIST_ENTRY_NOT_FOUND]: 404,
  [BookingErrorCode.WAITLIST_ENTRY_ENDED]: 409,
  [BookingErrorCode.ATTENDANCE_TOO_EARLY]: 409,
  [BookingErrorCode.ATTENDANCE_CLOSED]: 409,
  [BookingErrorCode.RESERVATION_CANCELLED]: 409,
  [BookingErrorCode.WALK_IN_CLOSED]: 409,
  [BookingErrorCode.WALK_IN_WAITLIST]: 409,
  [BookingErrorCode.SPOT_CHANGE_CLOSED]: 409,
  [BookingErrorCode.RELEASE_IN_TIME]: 409,
  [BookingErrorCode.RELEASE_CLASS_STARTED]: 409,
  [BookingErrorCode.NOT_FORGIVABLE]: 409,
  [BookingErrorCode.RELEASE_DISABLED]: 409,
  [BookingErrorCode.BOOKING_BLOCKED]: 403,
  [BookingErrorCode.SUBSTITUTE_RANGE_UNSCOPED]: 400,
};

// The studio's wording (spelling fixed). The client acts on the code, never on the text.
const message: Record<BookingErrorCode, string> = {
  [BookingErrorCode.CLASS_NOT_FOUND]: 'No hay una clase a esa hora en esa fecha.',
  [BookingErrorCode.CLASS_STARTED]: 'Esta clase ya comenzó',
  [BookingErrorCode.CLASS_CANCELLED]: 'Esta clase fue cancelada por el estudio',
  [BookingErrorCode.ALREADY_BOOKED]: 'Ya tienes un lugar en esta clase',
  [BookingErrorCode.NO_CLASSES_LEFT]: 'No tienes clases disponibles en tu plan.',
  [BookingErrorCode.DATE_OUT_OF_PLAN]: 'La fecha está fuera del plan.',
  [BookingErrorCode.CLASS_TYPE_NOT_IN_PLAN]: 'Tu plan no incluye este tipo de clase.',
  [BookingErrorCode.CLASS_FULL]: 'La clase está llena',
  [BookingErrorCode.RESERVATION_NOT_FOUND]: 'La reserva no existe.',
  [BookingErrorCode.CANCEL_WINDOW_CLOSED]: 'Ya no es posible cancelar esta clase',
  [BookingErrorCode.USER_NOT_FOUND]: 'El cliente no existe o está inactivo.',
  [BookingErrorCode.SCHEDULE_NOT_FOUND]: 'La clase del horario no existe.',
  [BookingErrorCode.SCHEDULE_TIME_TAKEN]: 'Ya hay una clase ese día a esa hora.',
  [BookingErrorCode.CAPACITY_BELOW_RESERVED]: 'La capacidad no puede ser menor que los lugares ya reservados',
  [BookingErrorCode.CALENDAR_FEED_NOT_FOUND]: 'Este calendario no existe o fue revocado.',
  [BookingErrorCode.CLASS_NOT_FULL]: 'La clase tiene lugares disponibles: resérvala directamente.',
  [BookingErrorCode.ALREADY_WAITLISTED]: 'Ya estás en la lista de espera de esta clase.',
  [BookingErrorCode.WAITLIST_FULL]: 'La lista de espera está llena',
  [BookingErrorCode.WAITLIST_CLOSED]: 'La lista de espera de esta clase ya cerró.',
  [BookingErrorCode.WAITLIST_ENTRY_NOT_FOUND]: 'No encontramos ese lugar en la lista de espera.',
  [BookingErrorCode.WAITLIST_ENTRY_ENDED]: 'Ese lugar de la lista de espera ya no está activo.',
  [BookingErrorCode.ATTENDANCE_TOO_EARLY]: 'La asistencia se marca desde que empieza la clase.',
  [BookingErrorCode.ATTENDANCE_CLOSED]: 'Ya no es posible marcar la asistencia: pasaron más de 7 días desde la clase.',
  [BookingErrorCode.RESERVATION_CANCELLED]: 'La reserva está cancelada.',
  [BookingErrorCode.WALK_IN_CLOSED]: 'La clase ya terminó: no se pueden agregar clientes.',
  [BookingErrorCode.WALK_IN_WAITLIST]:
    'Hay clientes en la lista de espera de esta clase: el lugar libre es para ellos (usa «Dar el lugar» en la lista).',
  [BookingErrorCode.SPOT_CHANGE_CLOSED]: 'Ya no es posible cambiar de reformer en esta clase.',
  [BookingErrorCode.RELEASE_IN_TIME]:
    'Todavía estás a tiempo de cancelar sin costo: usa «Cancelar» y la clase vuelve a tu plan.',
  [BookingErrorCode.RELEASE_CLASS_STARTED]: 'La clase ya empezó',
  [BookingErrorCode.NOT_FORGIVABLE]: 'Solo se puede perdonar un lugar liberado después del límite o una inasistencia.',
  [BookingErrorCode.RELEASE_DISABLED]:
    'El estudio no permite liberar lugares después del límite para cancelar. Si no puedes venir, escríbenos.',
  // Replaced by the whole sentence (why, until when, whom to write to): NoShowsService.
  [BookingErrorCode.BOOKING_BLOCKED]: 'Tu reserva en línea está pausada.',
  [BookingErrorCode.SUBSTITUTE_RANGE_UNSCOPED]:
    'Indica el instructor que falta o la clase del horario para poner el suplente en esas fechas.',
};

export class BookingError extends DomainError {
  /** `detail` follows the code's message, or replaces it (`replaces`). */
  constructor(code: BookingErrorCode, detail?: string, replaces = false) {
    super(code, status[code], detail ? (replaces ? detail : `${message[code]} ${detail}`) : message[code]);
  }
}
