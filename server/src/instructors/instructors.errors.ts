import { DomainError } from '../core/errors/api-error';

export enum InstructorErrorCode {
  INSTRUCTOR_NOT_FOUND = 'INSTRUCTOR_NOT_FOUND',
  INSTRUCTOR_NOT_AVAILABLE = 'INSTRUCTOR_NOT_AVAILABLE',
  INSTRUCTOR_ACCOUNT_NOT_FOUND = 'INSTRUCTOR_ACCOUNT_NOT_FOUND',
  INSTRUCTOR_ACCOUNT_TAKEN = 'INSTRUCTOR_ACCOUNT_TAKEN',
}

// Records keyed by the enum: a code without its status and message does not compile.
const status: Record<InstructorErrorCode, number> = {
  [InstructorErrorCode.INSTRUCTOR_NOT_FOUND]: 404,
  [InstructorErrorCode.INSTRUCTOR_NOT_AVAILABLE]: 400,
  [InstructorErrorCode.INSTRUCTOR_ACCOUNT_NOT_FOUND]: 400,
  [InstructorErrorCode.INSTRUCTOR_ACCOUNT_TAKEN]: 409,
};

const message: Record<InstructorErrorCode, string> = {
  [InstructorErrorCode.INSTRUCTOR_NOT_FOUND]: 'No encontramos a ese instructor.',
  [InstructorErrorCode.INSTRUCTOR_NOT_AVAILABLE]:
    'Ese instructor no existe o no está activo. Elige uno de la lista de instructores.',
  [InstructorErrorCode.INSTRUCTOR_ACCOUNT_NOT_FOUND]: 'No hay una cuenta activa con ese email.',
  [InstructorErrorCode.INSTRUCTOR_ACCOUNT_TAKEN]: 'Esa cuenta ya está ligada a otro instructor.',
};

export class InstructorError extends DomainError {
  constructor(code: InstructorErrorCode, override?: string) {
    super(code, status[code], override ?? message[code]);
  }
}
