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

/**
 * The one place where anything thrown becomes the error format every endpoint shares:
 * `{ success: false, error, code }`, Spanish text, never a stack trace or SQL.
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

    const { status, body } = this.toResponse(exception, request);
    if (reply.sent) return;
    void reply.status(status).header('cache-control', 'no-store').send(body);
  }

  /** A browser asking for a page that no API route answers gets the client application. */
  private isPageRequest(exception: unknown, request: FastifyRequest): boolean {
    if (!(exception instanceof HttpException) || exception.getStatus() !== 404) return false;
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = request.url.split('?')[0];
    return path !== '/api' && !path.startsWith('/api/') && this.clientApp.available;
  }

  private toResponse(exception: unknown, request: FastifyRequest): { status: number; body: ErrorResponse } {
    const error = this.toDomainError(exception, request);
    return { status: error.status, body: { success: false, error: error.error, code: error.code } };
  }

  private toDomainError(exception: unknown, request: FastifyRequest): DomainError {
    if (exception instanceof DomainError) return exception;
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status >= 500) this.logger.error(`${request.method} ${request.url}: ${exception.message}`, exception.stack);
      // Nest's own exceptions carry English text: answer with the code's Spanish message.
      return new ApiError(codeForStatus(status));
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.error(`${request.method} ${request.url}: base de datos no disponible: ${String(exception)}`);
      return new ApiError(ErrorCode.DATABASE_UNAVAILABLE);
    }
    if (isUniqueViolation(exception)) {
      this.logger.warn(`${request.method} ${request.url}: unique index refused a write`);
      return new ApiError(ErrorCode.CONFLICT);
    }
    const status = fastifyStatus(exception);
    if (status) return new ApiError(codeForStatus(status), this.fastifyMessage(exception, status));
    this.logger.error(
      `${request.method} ${request.url}: ${exception instanceof Error ? exception.message : String(exception)}`,
      exception instanceof Error ? exception.stack : undefined,
    );
    return new ApiError(ErrorCode.INTERNAL_ERROR);
  }

  private fastifyMessage(exception: unknown, status: number): ApiErrorBody {
    const code = (exception as { code?: string }).code;
    if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_INVALID_JSON_BODY' || status === 400) {
      return 'El cuerpo de la solicitud no es JSON válido.';
    }
    return new ApiError(codeForStatus(status)).error;
  }
}
