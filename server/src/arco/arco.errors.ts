import { DomainError } from '../core/errors/api-error';

export enum ArcoErrorCode {
  ARCO_REQUEST_NOT_FOUND = 'ARCO_REQUEST_NOT_FOUND',
  ARCO_TOO_MANY_REQUESTS = 'ARCO_TOO_MANY_REQUESTS',
}

// Records keyed by the enum: a code without its status and message does not compile.
const status: Record<ArcoErrorCode, number> = {
  [ArcoErrorCode.ARCO_REQUEST_NOT_FOUND]: 404,
  [ArcoErrorCode.ARCO_TOO_MANY_REQUESTS]: 429,
};

const message: Record<ArcoErrorCode, string> = {
  [ArcoErrorCode.ARCO_REQUEST_NOT_FOUND]: 'Esa solicitud ARCO no existe.',
  [ArcoErrorCode.ARCO_TOO_MANY_REQUESTS]:
    'Recibimos varias solicitudes desde tu conexión en la última hora. Espera un poco y vuelve a intentarlo, o escríbenos por correo.',
};

export class ArcoError extends DomainError {
  constructor(code: ArcoErrorCode, headers: Readonly<Record<string, string>> = {}) {
    super(code, status[code], message[code], headers);
  }
}
