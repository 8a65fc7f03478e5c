import { DomainError } from '../core/errors/api-error';

export enum TeachingErrorCode {
  NOT_YOUR_CLASS = 'NOT_YOUR_CLASS',
  COVER_CLASS_PAST = 'COVER_CLASS_PAST',
  COVER_CLASS_CANCELLED = 'COVER_CLASS_CANCELLED',
  COVER_ALREADY_OPEN = 'COVER_ALREADY_OPEN',
  COVER_REQUEST_NOT_FOUND = 'COVER_REQUEST_NOT_FOUND',
  NOT_YOUR_REQUEST = 'NOT_YOUR_REQUEST',
  COVER_REQUEST_CLOSED = 'COVER_REQUEST_CLOSED',
  COVER_SAME_INSTRUCTOR = 'COVER_SAME_INSTRUCTOR',
}

// Records keyed by the enum: a code without its status and message does not compile.
const status: Record<TeachingErrorCode, number> = {
  [TeachingErrorCode.NOT_YOUR_CLASS]: 403,
  [TeachingErrorCode.COVER_CLASS_PAST]: 409,
  [TeachingErrorCode.COVER_CLASS_CANCELLED]: 409,
  [TeachingErrorCode.COVER_ALREADY_OPEN]: 409,
  [TeachingErrorCode.COVER_REQUEST_NOT_FOUND]: 404,
  [TeachingErrorCode.NOT_YOUR_REQUEST]: 403,
  [TeachingErrorCode.COVER_REQUEST_CLOSED]: 409,
  [TeachingErrorCode.COVER_SAME_INSTRUCTOR]: 400,
};

const message: Record<TeachingErrorCode, string> = {
  [TeachingErrorCode.NOT_YOUR_CLASS]: 'Esta clase no es tuya: solo puedes pedir suplente para las clases que impartes.',
  [TeachingErrorCode.COVER_CLASS_PAST]: 'La clase ya comenzó o ya pasó: no se puede pedir suplente.',
  [TeachingErrorCode.COVER_CLASS_CANCELLED]: 'La clase está cancelada: no necesita suplente.',
  [TeachingErrorCode.COVER_ALREADY_OPEN]: 'Ya hay una petición de suplente abierta para esta clase.',
  [TeachingErrorCode.COVER_REQUEST_NOT_FOUND]: 'No encontramos esa petición de suplente.',
  [TeachingErrorCode.NOT_YOUR_REQUEST]: 'Esa petición de suplente no es tuya.',
  [TeachingErrorCode.COVER_REQUEST_CLOSED]: 'Esa petición ya no está abierta: ya fue aprobada, rechazada o retirada.',
  [TeachingErrorCode.COVER_SAME_INSTRUCTOR]:
    'Elige a otro instructor: quien pidió el suplente no puede cubrir su propia clase.',
};

export class TeachingError extends DomainError {
  constructor(code: TeachingErrorCode, override?: string) {
    super(code, status[code], override ?? message[code]);
  }
}
