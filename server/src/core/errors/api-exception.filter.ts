import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ClientAppService } from '../http/client-app.service';
import { ApiError, ApiErrorBody, DomainError, ErrorCode, ErrorResponse } from './api-error';
import { isDatabaseUnavailable, isUniqueViolation } from './database-errors';

const codeForStatus = (status: number): ErrorCode => {
  switch (status) {
    case 400:
      return ErrorCode.BAD_REQUEST;
    case 401:
      return ErrorCode.UNAUTHENTICATED;
    case 403:
      return ErrorCode.FORBIDDEN;
    case 404:
      return ErrorCode.NOT_FOUND;
    case 405:
      return ErrorCode.METHOD_NOT_ALLOWED;
    case 409:
      return ErrorCode.CONFLICT;
    case 413:
      return ErrorCode.PAYLOAD_TOO_LARGE;
    case 415:
      return ErrorCode.UNSUPPORTED_MEDIA_TYPE;
    case 429:
      return ErrorCode.TOO_MANY_REQUESTS;
    case 503:
      return ErrorCode.SERVICE_UNAVAILABLE;
    default:
      return status >= 500 ? ErrorCode.INTERNAL_ERROR : ErrorCode.BAD_REQUEST;
  }
};

/** Errors raised by Fastify itself (body parsing, limits) carry a statusCode but are not HttpExceptions. */
const fastifyStatus = (error: unknown): number | undefined => {
  if (error && typeof error === 'object' && 'statusCode' in error) {
    const status = Number((error as { statusCode: unknown }).statusCode);
    if (status >= 400 && status < 500) return status;
  }
  return undefined;
};

const fastifyMessage = (exception: unknown, status: number): ApiErrorBody => {
  const code = (exception as { code?: string }).code;
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_INVALID_JSON_BODY' || status === 400) {
    return 'El cuerpo de la solicitud no es JSON válido.';
  }
  return new ApiError(codeForStatus(status)).error;
};

const toDomainError = (exception: unknown, where: string, logger: Logger): DomainError => {
  if (exception instanceof DomainError) return exception;
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status >= 500) logger.error(`${where}: ${exception.message}`, exception.stack);
    // Nest's own exceptions carry English text: answer with the code's Spanish message.
    return new ApiError(codeForStatus(status));
  }
  if (isDatabaseUnavailable(exception)) {
    logger.error(`${where}: base de datos no disponible: ${String(exception)}`);
    return new ApiError(ErrorCode.DATABASE_UNAVAILABLE);
  }
  if (isUniqueViolation(exception)) {
    logger.warn(`${where}: unique index refused a write`);
    return new ApiError(ErrorCode.CONFLICT);
  }
  const status = fastifyStatus(exception);
  if (status) return new ApiError(codeForStatus(status), fastifyMessage(exception, status));
  logger.error(
    `${where}: ${exception instanceof Error ? exception.message : String(exception)}`,
    exception instanceof Error ? exception.stack : undefined,
  );
  return new ApiError(ErrorCode.INTERNAL_ERROR);
};

/**
 * What the API answers for anything thrown: its status and the error format every endpoint shares,
 * `{ success: false, error, code }`, in Spanish, never a stack trace or SQL. Logged under `where`
 * (method and address). Also used for the reads a server-rendered page makes in-process.
 */
export function apiErrorAnswer(
  exception: unknown,
  where: string,
  logger: Logger,
): { status: number; body: ErrorResponse; headers: Readonly<Record<string, string>> } {
  const error = toDomainError(exception, where, logger);
  return { status: error.status, body: error.toResponse(), headers: error.headers };
}

/**
 * Sends the API's error answer (apiErrorAnswer) for anything a route throws, or the page for a
 * browser asking for an address no API route answers.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  constructor(private readonly clientApp: ClientAppService) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();

    if (this.isPageRequest(exception, request)) {
      void this.clientApp.sendPage(request, reply);
      return;
    }

    const { status, body, headers } = apiErrorAnswer(exception, `${request.method} ${request.url}`, this.logger);
    if (reply.sent) return;
    void reply.status(status).headers(headers).header('cache-control', 'no-store').send(body);
  }

  /** A browser asking for a page that no API route answers gets the client application. */
  private isPageRequest(exception: unknown, request: FastifyRequest): boolean {
    if (!(exception instanceof HttpException) || exception.getStatus() !== 404) return false;
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = request.url.split('?')[0];
    return path !== '/api' && !path.startsWith('/api/') && this.clientApp.available;
  }
}
