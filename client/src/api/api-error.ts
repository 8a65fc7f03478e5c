/*
 * The API's failure body: `{ success: false, error, code }`, where `error` is one message, a
 * list of messages, a map of field → messages, or a map of field → one message. ApiError turns all of them into a list of
 * Spanish messages to show, plus the messages of each form field.
 */

export const NETWORK_ERROR_MESSAGE = 'No pudimos conectar con el servidor. Revisa tu conexión e intenta de nuevo.';
export const UNEXPECTED_ERROR_MESSAGE = 'Ocurrió un error inesperado. Intenta de nuevo en unos momentos.';

/** Codes the client itself produces; the server's codes (VALIDATION_ERROR, DATE_OUT_OF_PLAN…) travel as they come. */
export const CLIENT_ERROR_CODES = {
  /** fetch failed: offline, DNS, server down, CORS. */
  network: 'NETWORK_ERROR',
  /** The server answered something that is not the API's JSON (a proxy's HTML page, for instance). */
  invalidResponse: 'INVALID_RESPONSE',
  /** The server answered an error without a code. */
  unknown: 'UNKNOWN_ERROR',
} as const;

export type FieldErrors = Record<string, string[]>;

export interface NormalizedError {
  messages: string[];
  fieldErrors: FieldErrors;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

const toMessageList = (value: unknown): string[] => {
  if (isNonEmptyString(value)) return [value];
  if (Array.isArray(value)) return value.filter(isNonEmptyString);
  return [];
};

/**
 * Normalises the `error` field of a failure body:
 * - a string → [string]
 * - a list → the list
 * - `{ message }` → [message]
 * - `{ field: [msgs] }` → [msg1, msg2, …] and fieldErrors `{ field: [msgs] }`
 */
export function normalizeErrorPayload(error: unknown): NormalizedError {
  if (isNonEmptyString(error) || Array.isArray(error)) {
    return { messages: toMessageList(error), fieldErrors: {} };
  }
  if (!isRecord(error)) return { messages: [], fieldErrors: {} };

  if (isNonEmptyString(error.message)) {
    return { messages: [error.message], fieldErrors: {} };
  }

  const fieldErrors: FieldErrors = {};
  const messages: string[] = [];
  for (const [field, value] of Object.entries(error)) {
    const fieldMessages = toMessageList(value);
    if (fieldMessages.length === 0) continue;
    fieldErrors[field] = fieldMessages;
    // The messages name their field in words; the field's key (`cumpleanos`) is never shown.
    messages.push(...fieldMessages);
  }
  return { messages, fieldErrors };
}

interface ApiErrorInit {
  status: number;
  code: string;
  messages: string[];
  fieldErrors?: FieldErrors;
  body?: unknown;
  cause?: unknown;
}

export class ApiError extends Error {
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** Machine code: decide from it, never from the text. */
  readonly code: string;
  /** Messages to show, in Spanish, never empty. */
  readonly messages: string[];
  /** Messages per form field (empty unless the server named fields). */
  readonly fieldErrors: FieldErrors;
  /** The parsed body as it arrived, for logging. */
  readonly body: unknown;

  constructor({ status, code, messages, fieldErrors = {}, body, cause }: ApiErrorInit) {
    const shown = messages.length > 0 ? messages : [UNEXPECTED_ERROR_MESSAGE];
    super(shown.join('\n'), { cause });
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.messages = shown;
    this.fieldErrors = fieldErrors;
    this.body = body;
  }

  /** An error answer whose body was parsed as JSON (or was empty). */
  static fromResponse(status: number, body: unknown): ApiError {
    const payload = isRecord(body) ? body : {};
    const { messages, fieldErrors } = normalizeErrorPayload(payload.error);
    const code = isNonEmptyString(payload.code) ? payload.code : CLIENT_ERROR_CODES.unknown;
    return new ApiError({ status, code, messages, fieldErrors, body });
  }

  static network(cause: unknown): ApiError {
    return new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, messages: [NETWORK_ERROR_MESSAGE], cause });
  }

  static invalidResponse(status: number, cause?: unknown): ApiError {
    return new ApiError({
      status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      messages: [NETWORK_ERROR_MESSAGE],
      cause,
    });
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The messages to show for anything a query or mutation may throw. */
export function errorMessages(error: unknown): string[] {
  if (isApiError(error)) return error.messages;
  if (error === null || error === undefined) return [];
  return [UNEXPECTED_ERROR_MESSAGE];
}
