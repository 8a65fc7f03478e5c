import { DomainError } from '../core/errors/api-error';

export enum PromoCodeErrorCode {
  PROMO_INVALID = 'PROMO_INVALID',
  PROMO_EXPIRED = 'PROMO_EXPIRED',
  PROMO_EXHAUSTED = 'PROMO_EXHAUSTED',
  PROMO_NOT_APPLICABLE = 'PROMO_NOT_APPLICABLE',
  PROMO_ONLY_NEW_CLIENTS = 'PROMO_ONLY_NEW_CLIENTS',
  PROMO_TOO_MANY_ATTEMPTS = 'PROMO_TOO_MANY_ATTEMPTS',
  PROMO_CODE_TAKEN = 'PROMO_CODE_TAKEN',
  PROMO_NOT_FOUND = 'PROMO_NOT_FOUND',
}

// Records keyed by the enum: a code without its status and message does not compile.
const status: Record<PromoCodeErrorCode, number> = {
  [PromoCodeErrorCode.PROMO_INVALID]: 404,
  [PromoCodeErrorCode.PROMO_EXPIRED]: 409,
  [PromoCodeErrorCode.PROMO_EXHAUSTED]: 409,
  [PromoCodeErrorCode.PROMO_NOT_APPLICABLE]: 409,
  [PromoCodeErrorCode.PROMO_ONLY_NEW_CLIENTS]: 409,
  [PromoCodeErrorCode.PROMO_TOO_MANY_ATTEMPTS]: 429,
  [PromoCodeErrorCode.PROMO_CODE_TAKEN]: 409,
  [PromoCodeErrorCode.PROMO_NOT_FOUND]: 404,
};

const message: Record<PromoCodeErrorCode, string> = {
  [PromoCodeErrorCode.PROMO_INVALID]: 'Ese código no existe o ya no está activo. Revisa que esté bien escrito.',
  [PromoCodeErrorCode.PROMO_EXPIRED]: 'Ese código no está vigente hoy.',
  [PromoCodeErrorCode.PROMO_EXHAUSTED]: 'Ese código ya se agotó.',
  [PromoCodeErrorCode.PROMO_NOT_APPLICABLE]: 'Ese código no aplica para este plan.',
  [PromoCodeErrorCode.PROMO_ONLY_NEW_CLIENTS]:
    'Ese código es solo para clientes nuevos: es para quien nunca ha tenido un plan en el estudio.',
  [PromoCodeErrorCode.PROMO_TOO_MANY_ATTEMPTS]:
    'Demasiados códigos incorrectos. Intenta de nuevo más tarde o compra sin código.',
  [PromoCodeErrorCode.PROMO_CODE_TAKEN]: 'Ya existe un código promocional con ese nombre.',
  [PromoCodeErrorCode.PROMO_NOT_FOUND]: 'No encontramos ese código promocional.',
};

export class PromoCodeError extends DomainError {
  constructor(code: PromoCodeErrorCode, override?: string, headers?: Record<string, string>) {
    super(code, status[code], override ?? message[code], headers);
  }
}
