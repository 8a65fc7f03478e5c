import { DomainError } from '../core/errors/api-error';

export enum AdminErrorCode {
  SELF_DEACTIVATION = 'SELF_DEACTIVATION',
  SELF_DEMOTION = 'SELF_DEMOTION',
  SELF_EMAIL_CHANGE = 'SELF_EMAIL_CHANGE',
  LAST_ADMIN = 'LAST_ADMIN',
  PLAN_NOT_FOUND = 'PLAN_NOT_FOUND',
  USER_PLAN_NOT_FOUND = 'USER_PLAN_NOT_FOUND',
  ACCOUNT_DELETED = 'ACCOUNT_DELETED',
}

// Records keyed by the enum: a code without its status and message does not compile.
const status: Record<AdminErrorCode, number> = {
  [AdminErrorCode.SELF_DEACTIVATION]: 409,
  [AdminErrorCode.SELF_DEMOTION]: 409,
  [AdminErrorCode.SELF_EMAIL_CHANGE]: 409,
  [AdminErrorCode.LAST_ADMIN]: 409,
  [AdminErrorCode.PLAN_NOT_FOUND]: 404,
  [AdminErrorCode.USER_PLAN_NOT_FOUND]: 404,
  [AdminErrorCode.ACCOUNT_DELETED]: 409,
};

const message: Record<AdminErrorCode, string> = {
  [AdminErrorCode.SELF_DEACTIVATION]: 'No puedes desactivar tu propia cuenta.',
  [AdminErrorCode.SELF_DEMOTION]: 'No puedes quitarte el rol de administrador.',
  [AdminErrorCode.SELF_EMAIL_CHANGE]: 'Cambia tu propio correo desde Mi información: ahí se pide tu contraseña actual.',
  [AdminErrorCode.LAST_ADMIN]: 'Debe quedar al menos un administrador activo.',
  [AdminErrorCode.PLAN_NOT_FOUND]: 'El plan no existe.',
  [AdminErrorCode.USER_PLAN_NOT_FOUND]: 'El plan del usuario no existe.',
  [AdminErrorCode.ACCOUNT_DELETED]: 'Esta cuenta se eliminó a petición de su titular: no se puede volver a activar.',
};

export class AdminError extends DomainError {
  constructor(code: AdminErrorCode) {
    super(code, status[code], message[code]);
  }
}
