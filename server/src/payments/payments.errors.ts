import { DomainError } from '../core/errors/api-error';

export enum PaymentErrorCode {
  PLAN_NOT_FOUND = 'PLAN_NOT_FOUND',
  PAYMENT_PROVIDER_ERROR = 'PAYMENT_PROVIDER_ERROR',
  INVALID_SIGNATURE = 'INVALID_SIGNATURE',
  PAYMENT_NOT_FOUND = 'PAYMENT_NOT_FOUND',
  PAYMENT_NOT_REFUNDABLE = 'PAYMENT_NOT_REFUNDABLE',
  REFUND_TOO_LARGE = 'REFUND_TOO_LARGE',
  REFUND_KEY_REUSED = 'REFUND_KEY_REUSED',
  REFUND_WHOLE_ONLY = 'REFUND_WHOLE_ONLY',
  CHECKOUT_LIMIT = 'CHECKOUT_LIMIT',
  INTRO_NOT_ELIGIBLE = 'INTRO_NOT_ELIGIBLE',
  USER_NOT_FOUND = 'USER_NOT_FOUND',
  DESK_AMOUNT_SHORT = 'DESK_AMOUNT_SHORT',
  DESK_AMOUNT_MISMATCH = 'DESK_AMOUNT_MISMATCH',
  DESK_SALE_KEY_REUSED = 'DESK_SALE_KEY_REUSED',
  NOT_A_MEMBERSHIP = 'NOT_A_MEMBERSHIP',
  MEMBERSHIP_ONLY_BY_SUBSCRIPTION = 'MEMBERSHIP_ONLY_BY_SUBSCRIPTION',
  MEMBERSHIP_ALREADY_ACTIVE = 'MEMBERSHIP_ALREADY_ACTIVE',
  MEMBERSHIP_NOT_FOUND = 'MEMBERSHIP_NOT_FOUND',
  MEMBERSHIP_NOT_ACTIVE = 'MEMBERSHIP_NOT_ACTIVE',
  MEMBERSHIP_NOT_CANCELLABLE = 'MEMBERSHIP_NOT_CANCELLABLE',
  PAUSE_TOO_SOON = 'PAUSE_TOO_SOON',
  PAUSE_TOO_SHORT = 'PAUSE_TOO_SHORT',
  PAUSE_LIMIT_REACHED = 'PAUSE_LIMIT_REACHED',
  PAUSE_OVERLAPS = 'PAUSE_OVERLAPS',
  CHARGE_NOT_FOUND = 'CHARGE_NOT_FOUND',
  CHARGE_NOT_REFUNDABLE = 'CHARGE_NOT_REFUNDABLE',
}

// Records keyed by the enum: a code without its status and message does not compile.
const status: Record<PaymentErrorCode, number> = {
  [PaymentErrorCode.PLAN_NOT_FOUND]: 404,
  [PaymentErrorCode.PAYMENT_PROVIDER_ERROR]: 502,
  [PaymentErrorCode.INVALID_SIGNATURE]: 401,
  [PaymentErrorCode.PAYMENT_NOT_FOUND]: 404,
  [PaymentErrorCode.PAYMENT_NOT_REFUNDABLE]: 409,
  [PaymentErrorCode.REFUND_TOO_LARGE]: 400,
  [PaymentErrorCode.REFUND_KEY_REUSED]: 409,
  [PaymentErrorCode.REFUND_WHOLE_ONLY]: 400,
  [PaymentErrorCode.CHECKOUT_LIMIT]: 429,
  // Who the buyer is, not a passing state: forbidden (also when their intro purchase is already open).
  [PaymentErrorCode.INTRO_NOT_ELIGIBLE]: 403,
  [PaymentErrorCode.USER_NOT_FOUND]: 404,
  [PaymentErrorCode.DESK_AMOUNT_SHORT]: 400,
  [PaymentErrorCode.DESK_AMOUNT_MISMATCH]: 400,
  [PaymentErrorCode.DESK_SALE_KEY_REUSED]: 409,
  [PaymentErrorCode.NOT_A_MEMBERSHIP]: 400,
  [PaymentErrorCode.MEMBERSHIP_ONLY_BY_SUBSCRIPTION]: 400,
  [PaymentErrorCode.MEMBERSHIP_ALREADY_ACTIVE]: 409,
  [PaymentErrorCode.MEMBERSHIP_NOT_FOUND]: 404,
  [PaymentErrorCode.MEMBERSHIP_NOT_ACTIVE]: 409,
  [PaymentErrorCode.MEMBERSHIP_NOT_CANCELLABLE]: 409,
  [PaymentErrorCode.PAUSE_TOO_SOON]: 400,
  [PaymentErrorCode.PAUSE_TOO_SHORT]: 400,
  [PaymentErrorCode.PAUSE_LIMIT_REACHED]: 409,
  [PaymentErrorCode.PAUSE_OVERLAPS]: 409,
  [PaymentErrorCode.CHARGE_NOT_FOUND]: 404,
  [PaymentErrorCode.CHARGE_NOT_REFUNDABLE]: 409,
};

const message: Record<PaymentErrorCode, string> = {
  [PaymentErrorCode.PLAN_NOT_FOUND]: 'El plan no existe o ya no está a la venta.',
  [PaymentErrorCode.PAYMENT_PROVIDER_ERROR]:
    'No pudimos conectar con Mercado Pago. Intenta de nuevo en unos minutos; no se hizo ningún cargo.',
  [PaymentErrorCode.INVALID_SIGNATURE]: 'Firma de notificación inválida.',
  [PaymentErrorCode.PAYMENT_NOT_FOUND]: 'No encontramos ese pago.',
  [PaymentErrorCode.PAYMENT_NOT_REFUNDABLE]:
    'Este pago no se puede reembolsar: no está aprobado en Mercado Pago o ya se reembolsó por completo.',
  [PaymentErrorCode.REFUND_TOO_LARGE]: 'El monto a reembolsar es mayor que lo que queda por reembolsar de este pago.',
  [PaymentErrorCode.REFUND_KEY_REUSED]:
    'Esta solicitud de reembolso ya se usó con otro pago u otro monto: no se reembolsó nada. Cierra el diálogo y vuelve a abrirlo.',
  [PaymentErrorCode.REFUND_WHOLE_ONLY]:
    'Un plan pagado con saldo de regalo se devuelve completo a ese saldo: elige «Todo lo que queda».',
  [PaymentErrorCode.CHECKOUT_LIMIT]: 'Tienes demasiadas compras sin terminar. Intenta de nuevo más tarde.',
  [PaymentErrorCode.INTRO_NOT_ELIGIBLE]: 'Esta oferta es solo para tu primera vez en el estudio',
  [PaymentErrorCode.USER_NOT_FOUND]: 'No encontramos a ese cliente.',
  [PaymentErrorCode.DESK_AMOUNT_SHORT]: 'El monto recibido es menor que el total de la venta.',
  [PaymentErrorCode.DESK_AMOUNT_MISMATCH]:
    'Con transferencia o terminal, el monto recibido debe ser exactamente el total de la venta.',
  [PaymentErrorCode.DESK_SALE_KEY_REUSED]:
    'Esta venta ya se registró con otros datos: no se registró nada nuevo. Cierra el diálogo y vuelve a abrirlo.',
  [PaymentErrorCode.NOT_A_MEMBERSHIP]: 'Ese plan es un paquete de clases: cómpralo con «Comprar», no como membresía.',
  [PaymentErrorCode.MEMBERSHIP_ONLY_BY_SUBSCRIPTION]:
    'Esa es una membresía: se cobra cada mes a tu tarjeta. Suscríbete desde Planes.',
  [PaymentErrorCode.MEMBERSHIP_ALREADY_ACTIVE]:
    'Ya tienes una membresía vigente. Cancélala desde Mis planes antes de contratar otra.',
  [PaymentErrorCode.MEMBERSHIP_NOT_FOUND]: 'No encontramos esa membresía.',
  [PaymentErrorCode.MEMBERSHIP_NOT_ACTIVE]:
    'Solo una membresía activa (pagada y sin pausa ni pago pendiente) se puede pausar.',
  [PaymentErrorCode.MEMBERSHIP_NOT_CANCELLABLE]: 'Esta membresía ya está cancelada.',
  [PaymentErrorCode.PAUSE_TOO_SOON]: 'La pausa empieza a partir de mañana.',
  [PaymentErrorCode.PAUSE_TOO_SHORT]: 'La pausa debe ser de al menos 7 días.',
  [PaymentErrorCode.PAUSE_LIMIT_REACHED]: 'Con esa pausa pasarías los días de pausa que permite el estudio este año.',
  [PaymentErrorCode.PAUSE_OVERLAPS]: 'Esas fechas se cruzan con otra pausa de tu membresía.',
  [PaymentErrorCode.CHARGE_NOT_FOUND]: 'No encontramos ese cobro de la membresía.',
  [PaymentErrorCode.CHARGE_NOT_REFUNDABLE]:
    'Este cobro no se puede reembolsar: no está aprobado en Mercado Pago o ya se reembolsó.',
};

export class PaymentError extends DomainError {
  constructor(code: PaymentErrorCode, override?: string, headers?: Record<string, string>) {
    super(code, status[code], override ?? message[code], headers);
  }
}
