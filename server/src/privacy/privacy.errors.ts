import { DomainError } from '../core/errors/api-error';

export enum PrivacyErrorCode {
  EXPORT_LIMIT = 'EXPORT_LIMIT',
  EXPORT_NOT_FOUND = 'EXPORT_NOT_FOUND',
  EXPORT_EXPIRED = 'EXPORT_EXPIRED',
  DELETION_PENDING_ITEMS = 'DELETION_PENDING_ITEMS',
  DELETION_STAFF_ACCOUNT = 'DELETION_STAFF_ACCOUNT',
  DELETION_SELF_BY_ADMIN = 'DELETION_SELF_BY_ADMIN',
  DELETION_PROVIDER_ERROR = 'DELETION_PROVIDER_ERROR',
}

// Records keyed by the enum: a code without its status and message does not compile.
const status: Record<PrivacyErrorCode, number> = {
  [PrivacyErrorCode.EXPORT_LIMIT]: 429,
  [PrivacyErrorCode.EXPORT_NOT_FOUND]: 404,
  [PrivacyErrorCode.EXPORT_EXPIRED]: 410,
  [PrivacyErrorCode.DELETION_PENDING_ITEMS]: 409,
  [PrivacyErrorCode.DELETION_STAFF_ACCOUNT]: 409,
  [PrivacyErrorCode.DELETION_SELF_BY_ADMIN]: 409,
  [PrivacyErrorCode.DELETION_PROVIDER_ERROR]: 502,
};

const message: Record<PrivacyErrorCode, string> = {
  [PrivacyErrorCode.EXPORT_LIMIT]: 'Ya pediste tus datos 3 veces en las últimas 24 horas. Intenta más tarde.',
  [PrivacyErrorCode.EXPORT_NOT_FOUND]: 'No encontramos esa descarga.',
  [PrivacyErrorCode.EXPORT_EXPIRED]: 'Este enlace ya venció (dura 24 horas). Pide tus datos otra vez.',
  [PrivacyErrorCode.DELETION_PENDING_ITEMS]:
    'Tienes pendientes que perderías al eliminar tu cuenta. Revísalos y confirma si quieres continuar.',
  [PrivacyErrorCode.DELETION_STAFF_ACCOUNT]:
    'Esta cuenta es de administración o de instructor. Quítale ese rol antes de eliminarla.',
  [PrivacyErrorCode.DELETION_SELF_BY_ADMIN]: 'No puedes eliminar tu propia cuenta desde la administración.',
  [PrivacyErrorCode.DELETION_PROVIDER_ERROR]:
    'No pudimos cancelar tu membresía en Mercado Pago. Tu cuenta sigue igual; intenta de nuevo en unos minutos.',
};

export class PrivacyError extends DomainError {
  constructor(code: PrivacyErrorCode, pending?: Record<string, string[]>) {
    // The pending items travel as field → messages, the error shape the client already shows.
    super(code, status[code], pending ?? message[code]);
  }
}
