import { ValidationPipe } from '@nestjs/common';
import { validationExceptionFactory } from '../errors/validation';
import { plainDtoTransformer } from './plain-dto-transformer';

/** The API's one validation of request bodies and queries (the global pipe, and the pages' in-process reads). */
export const apiValidationPipe = (): ValidationPipe =>
  new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    // class-transformer only where a DTO asks for it (@Type, @Transform): see plain-dto-transformer.ts.
    transformerPackage: plainDtoTransformer,
    // One message per field: the first rule it breaks, in the order the DTO lists them.
    stopAtFirstError: true,
    exceptionFactory: validationExceptionFactory,
    validationError: { target: false, value: false },
  });
