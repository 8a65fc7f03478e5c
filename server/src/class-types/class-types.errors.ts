import { DomainError } from '../core/errors/api-error';

export enum ClassTypeErrorCode {
  CLASS_TYPE_NOT_FOUND = 'CLASS_TYPE_NOT_FOUND',
  CLASS_TYPE_NOT_AVAILABLE = 'CLASS_TYPE_NOT_AVAILABLE',
  CLASS_TYPE_NAME_TAKEN = 'CLASS_TYPE_NAME_TAKEN',
}

// Records keyed by the enum: a code without its status and message does not compile.
const status: Record<ClassTypeErrorCode, number> = {
  [ClassTypeErrorCode.CLASS_TYPE_NOT_FOUND]: 404,
  [ClassTypeErrorCode.CLASS_TYPE_NOT_AVAILABLE]: 400,
  [ClassTypeErrorCode.CLASS_TYPE_NAME_TAKEN]: 409,
};

const message: Record<ClassTypeErrorCode, string> = {
  [ClassTypeErrorCode.CLASS_TYPE_NOT_FOUND]: 'No encontramos ese tipo de clase.',
  [ClassTypeErrorCode.CLASS_TYPE_NOT_AVAILABLE]:
    'Ese tipo de clase no existe o no está activo. Elige uno de la lista de tipos de clase.',
  [ClassTypeErrorCode.CLASS_TYPE_NAME_TAKEN]: 'Ya hay un tipo de clase con ese nombre.',
};

export class ClassTypeError extends DomainError {
  constructor(code: ClassTypeErrorCode, override?: string) {
    super(code, status[code], override ?? message[code]);
  }
}
