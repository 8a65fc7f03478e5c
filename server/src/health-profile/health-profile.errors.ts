import { DomainError } from '../core/errors/api-error';

export enum HealthProfileErrorCode {
  HEALTH_PROFILE_REQUIRED = 'HEALTH_PROFILE_REQUIRED',
  HEALTH_PROFILE_NOT_FOUND = 'HEALTH_PROFILE_NOT_FOUND',
}

// Records keyed by the enum: a code without its status and message does not compile.
const status: Record<HealthProfileErrorCode, number> = {
  [HealthProfileErrorCode.HEALTH_PROFILE_REQUIRED]: 409,
  [HealthProfileErrorCode.HEALTH_PROFILE_NOT_FOUND]: 404,
};

const message: Record<HealthProfileErrorCode, string> = {
  [HealthProfileErrorCode.HEALTH_PROFILE_REQUIRED]:
    'Antes de tu primera clase, llena tu cuestionario de salud y un contacto de emergencia.',
  [HealthProfileErrorCode.HEALTH_PROFILE_NOT_FOUND]: 'Esta persona aún no ha llenado su cuestionario de salud.',
};

export class HealthProfileError extends DomainError {
  constructor(code: HealthProfileErrorCode, override?: string) {
    super(code, status[code], override ?? message[code]);
  }
}
