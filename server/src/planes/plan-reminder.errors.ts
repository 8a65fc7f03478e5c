import { DomainError } from '../core/errors/api-error';

export enum PlanReminderErrorCode {
  USER_PLAN_NOT_FOUND = 'USER_PLAN_NOT_FOUND',
  PLAN_NOT_ENDING = 'PLAN_NOT_ENDING',
}

const status: Record<PlanReminderErrorCode, number> = {
  [PlanReminderErrorCode.USER_PLAN_NOT_FOUND]: 404,
  [PlanReminderErrorCode.PLAN_NOT_ENDING]: 409,
};

const message: Record<PlanReminderErrorCode, string> = {
  [PlanReminderErrorCode.USER_PLAN_NOT_FOUND]: 'El plan del usuario no existe.',
  [PlanReminderErrorCode.PLAN_NOT_ENDING]:
    'Este plan no termina en los próximos 7 días con clases disponibles, o su titular está inactivo.',
};

export class PlanReminderError extends DomainError {
  constructor(code: PlanReminderErrorCode) {
    super(code, status[code], message[code]);
  }
}
