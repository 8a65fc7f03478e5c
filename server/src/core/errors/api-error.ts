/**
 * The four error shapes the client reads: a string, a list, `{message}`, or field → messages.
 */
export type ApiErrorBody = string | string[] | { message: string } | Record<string, string[]>;

/** Every code the API can answer. The filter's status map must cover each one (checked by the compiler). */
export enum ErrorCode {
  VALIDATION_ERROR = 'VALIDATION_ERROR',
  BAD_REQUEST = 'BAD_REQUEST',
  BODY_TOO_DEEP = 'BODY_TOO_DEEP',
  MALFORMED_TEXT = 'MALFORMED_TEXT',
  UNAUTHENTICATED = 'UNAUTHENTICATED',
  FORBIDDEN = 'FORBIDDEN',
  CSRF_HEADER_MISSING = 'CSRF_HEADER_MISSING',
  NOT_FOUND = 'NOT_FOUND',
  METHOD_NOT_ALLOWED = 'METHOD_NOT_ALLOWED',
  CONFLICT = 'CONFLICT',
  PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE = 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS = 'TOO_MANY_REQUESTS',
  DATABASE_UNAVAILABLE = 'DATABASE_UNAVAILABLE',
  SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE',
  INTERNAL_ERROR = 'INTERNAL_ERROR',
}

export const errorStatus: Record<ErrorCode, number> = {
  [ErrorCode.VALIDATION_ERROR]: 400,
  [ErrorCode.BAD_REQUEST]: 400,
  [ErrorCode.BODY_TOO_DEEP]: 400,
  [ErrorCode.MALFORMED_TEXT]: 400,
  [ErrorCode.UNAUTHENTICATED]: 401,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.CSRF_HEADER_MISSING]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.METHOD_NOT_ALLOWED]: 405,
  [ErrorCode.CONFLICT]: 409,
  [ErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: 415,
  [ErrorCode.TOO_MANY_REQUESTS]: 429,
  [ErrorCode.DATABASE_UNAVAILABLE]: 503,
  [ErrorCode.SERVICE_UNAVAILABLE]: 503,
  [ErrorCode.INTERNAL_ERROR]: 500,
};

/** Default Spanish text for a code when the thrower gives none. */
export const defaultMessage: Record<ErrorCode, string> = {
  [ErrorCode.VALIDATION_ERROR]: 'Los datos enviados no son válidos.',
  [ErrorCode.BAD_REQUEST]: 'La solicitud no es válida.',
  [ErrorCode.BODY_TOO_DEEP]: 'La solicitud tiene demasiados niveles anidados.',
  [ErrorCode.MALFORMED_TEXT]:
    'El texto enviado tiene caracteres mal formados (por ejemplo, mitades de un emoji). Revísalo y vuelve a intentarlo.',
  [ErrorCode.UNAUTHENTICATED]: 'Debes iniciar sesión.',
  [ErrorCode.FORBIDDEN]: 'No tienes permiso para hacer esto.',
  [ErrorCode.CSRF_HEADER_MISSING]: 'Solicitud rechazada: falta el encabezado de seguridad.',
  [ErrorCode.NOT_FOUND]: 'No encontramos lo que buscas.',
  [ErrorCode.METHOD_NOT_ALLOWED]: 'Método no permitido.',
  [ErrorCode.CONFLICT]: 'La solicitud choca con datos existentes.',
  [ErrorCode.PAYLOAD_TOO_LARGE]: 'La solicitud es demasiado grande.',
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: 'El formato de la solicitud no es compatible. Envía JSON.',
  [ErrorCode.TOO_MANY_REQUESTS]: 'Demasiados intentos. Intenta más tarde.',
  [ErrorCode.DATABASE_UNAVAILABLE]: 'El servicio no está disponible por el momento. Intenta de nuevo en unos minutos.',
  [ErrorCode.SERVICE_UNAVAILABLE]: 'El servicio no está disponible por el momento. Intenta de nuevo en unos minutos.',
  [ErrorCode.INTERNAL_ERROR]: 'Ocurrió un error inesperado. Intenta de nuevo.',
};

/**
 * Base of every domain error. Modules extend the code list with their own
 * enums and status maps (see DomainError's `status`).
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly error: ApiErrorBody,
    /** Headers the answer carries besides the body (e.g. Retry-After with a 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(typeof error === 'string' ? error : code);
  }

  /** The API's error answer for it: `{ success: false, error, code }`. */
  toResponse(): ErrorResponse {
    return { success: false, error: this.error, code: this.code };
  }
}

/** An error with one of the shared codes above. */
export class ApiError extends DomainError {
  constructor(code: ErrorCode, error: ApiErrorBody = defaultMessage[code]) {
    super(code, errorStatus[code], error);
  }
}

export interface ErrorResponse {
  success: false;
  error: ApiErrorBody;
  code: string;
}
