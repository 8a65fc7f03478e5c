import { DomainError } from '../core/errors/api-error';

export enum PaymentErrorCode {
  PLAN_NOT_FOUND = 'PLAN_NOT_FOUND',
  PAYMENT_PROVIDER_ERROR = 'PAYMENT_PROVIDER_ERROR',
  INVALID_SIGNATURE = 'INVALID_SIGNATURE',
  PAYMENT_NOT_FOUND = 'PAYMENT_NOT_FOUND',
}

const status: Record<PaymentErrorCode, number> = {
  [PaymentErrorCode.PLAN_NOT_FOUND]: 404,
  [PaymentErrorCode.PAYMENT_PROVIDER_ERROR]: 502,
  [PaymentErrorCode.INVALID_SIGNATURE]: 401,
  [PaymentErrorCode.PAYMENT_NOT_FOUND]: 404,
};

const message: Record<PaymentErrorCode, string> = {
  [PaymentErrorCode.PLAN_NOT_FOUND]: 'El plan no existe o ya no está a la venta.',
  [PaymentErrorCode.PAYMENT_PROVIDER_ERROR]:
    'No pudimos conectar con Mercado Pago. Intenta de nuevo en unos minutos; no se hizo ningún cargo.',
  [PaymentErrorCode.INVALID_SIGNATURE]: 'Firma de notificación inválida.',
  [PaymentErrorCode.PAYMENT_NOT_FOUND]: 'No encontramos ese pago.',
};

export class PaymentError extends DomainError {
  constructor(code: PaymentErrorCode) {
    super(code, status[code], message[code]);
  }
}
