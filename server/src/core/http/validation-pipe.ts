import { ValidationPipe } from '@nestjs/common';
import type { ValidationError, ValidatorOptions } from 'class-validator';
import { nullFieldErrors } from '../dto/null-fields';
import { validationExceptionFactory } from '../errors/validation';
import { plainDtoTransformer } from './plain-dto-transformer';
import { rememberValidationLookups } from './validation-lookups';

/** class-validator's checks, then the API's rule for `null` (null-fields.ts), for every DTO at once. */
class ApiValidationPipe extends ValidationPipe {
  protected override async validate(object: object, options?: ValidatorOptions): Promise<ValidationError[]> {
    const errors = await super.validate(object, options);
    return [...errors, ...nullFieldErrors(object, errors)];
  }
}

/** The API's one validation of request bodies and queries (the global pipe, and the pages' in-process reads). */
export const apiValidationPipe = (): ValidationPipe => {
  rememberValidationLookups();
  return new ApiValidationPipe({
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
};
