import { DomainError } from '../core/errors/api-error';

export enum SalaErrorCode {
  SPOT_UNKNOWN = 'SPOT_UNKNOWN',
  SPOT_TAKEN = 'SPOT_TAKEN',
  /** A reformer out of service on the class's date. */
  SPOT_OUT_OF_SERVICE = 'SPOT_OUT_OF_SERVICE',
  /** An out-of-service range overlapping another of the same reformer. */
  OUTAGE_OVERLAPS = 'OUTAGE_OVERLAPS',
  /** No out-of-service range by that id that has not ended. */
  OUTAGE_UNKNOWN = 'OUTAGE_UNKNOWN',
  /** "Cualquiera" found no free reformer (the class's places and its reformers disagree). */
  NO_SPOT_FREE = 'NO_SPOT_FREE',
  SPOT_CELL_TAKEN = 'SPOT_CELL_TAKEN',
  SPOT_LABEL_TAKEN = 'SPOT_LABEL_TAKEN',
  SPOT_BOOKED = 'SPOT_BOOKED',
  ROOM_NOT_FOUND = 'ROOM_NOT_FOUND',
}

// Records keyed by the enum: a code without its status and message does not compile.
const status: Record<SalaErrorCode, number> = {
  [SalaErrorCode.SPOT_UNKNOWN]: 400,
  [SalaErrorCode.SPOT_TAKEN]: 409,
  [SalaErrorCode.SPOT_OUT_OF_SERVICE]: 409,
  [SalaErrorCode.OUTAGE_OVERLAPS]: 409,
  [SalaErrorCode.OUTAGE_UNKNOWN]: 404,
  [SalaErrorCode.NO_SPOT_FREE]: 409,
  [SalaErrorCode.SPOT_CELL_TAKEN]: 409,
  [SalaErrorCode.SPOT_LABEL_TAKEN]: 409,
  [SalaErrorCode.SPOT_BOOKED]: 409,
  [SalaErrorCode.ROOM_NOT_FOUND]: 404,
};

const message: Record<SalaErrorCode, string> = {
  [SalaErrorCode.SPOT_UNKNOWN]: 'Ese reformer no existe',
  [SalaErrorCode.SPOT_TAKEN]: 'Ese reformer ya está reservado; elige otro',
  [SalaErrorCode.SPOT_OUT_OF_SERVICE]: 'Ese reformer está fuera de servicio ese día',
  [SalaErrorCode.OUTAGE_OVERLAPS]:
    'Ese reformer ya está fuera de servicio en parte de esas fechas; termina o ajusta ese periodo primero.',
  [SalaErrorCode.OUTAGE_UNKNOWN]: 'Ese periodo fuera de servicio no existe o ya terminó.',
  [SalaErrorCode.NO_SPOT_FREE]: 'No queda ningún reformer libre en esta clase.',
  [SalaErrorCode.SPOT_CELL_TAKEN]: 'Ese lugar de la sala ya está ocupado.',
  [SalaErrorCode.SPOT_LABEL_TAKEN]: 'Ya hay un reformer con ese nombre.',
  [SalaErrorCode.SPOT_BOOKED]:
    'Ese reformer tiene reservas en clases próximas; cámbialas de reformer antes de retirarlo:',
  [SalaErrorCode.ROOM_NOT_FOUND]: 'La sala no existe.',
};

export class SalaError extends DomainError {
  constructor(code: SalaErrorCode, detail?: string) {
    super(code, status[code], detail ? `${message[code]} ${detail}` : message[code]);
  }
}

/** True when uq_reservations_spot refused the write (MySQL names the index, SQLite its columns). */
export function isSpotTakenViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const { message: text, driverError } = current as { message?: unknown; driverError?: unknown };
    if (typeof text === 'string' && /uq_reservations_spot|reservations\.spot_id/.test(text)) return true;
    current = driverError;
  }
  return false;
}
