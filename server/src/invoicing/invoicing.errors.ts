import { DomainError } from '../core/errors/api-error';

export enum InvoiceErrorCode {
  INVOICE_PURCHASE_NOT_FOUND = 'INVOICE_PURCHASE_NOT_FOUND',
  INVOICE_NOT_FOUND = 'INVOICE_NOT_FOUND',
  INVOICE_PURCHASE_NOT_APPROVED = 'INVOICE_PURCHASE_NOT_APPROVED',
  INVOICE_WINDOW_CLOSED = 'INVOICE_WINDOW_CLOSED',
  INVOICE_FISCAL_DATA_MISSING = 'INVOICE_FISCAL_DATA_MISSING',
  INVOICE_CANCELLED = 'INVOICE_CANCELLED',
  INVOICE_NOT_ISSUED = 'INVOICE_NOT_ISSUED',
  INVOICE_NOT_RETRYABLE = 'INVOICE_NOT_RETRYABLE',
  INVOICE_PAC_REFUSED = 'INVOICE_PAC_REFUSED',
  INVOICE_PAC_UNAVAILABLE = 'INVOICE_PAC_UNAVAILABLE',
  INVOICE_PERIOD_OPEN = 'INVOICE_PERIOD_OPEN',
  INVOICE_BEING_SUBSTITUTED = 'INVOICE_BEING_SUBSTITUTED',
  INVOICE_CANCELLATION_PENDING = 'INVOICE_CANCELLATION_PENDING',
}

// Records keyed by the enum: a code without its status and message does not compile.
const status: Record<InvoiceErrorCode, number> = {
  [InvoiceErrorCode.INVOICE_PURCHASE_NOT_FOUND]: 404,
  [InvoiceErrorCode.INVOICE_NOT_FOUND]: 404,
  [InvoiceErrorCode.INVOICE_PURCHASE_NOT_APPROVED]: 409,
  [InvoiceErrorCode.INVOICE_WINDOW_CLOSED]: 409,
  [InvoiceErrorCode.INVOICE_FISCAL_DATA_MISSING]: 409,
  [InvoiceErrorCode.INVOICE_CANCELLED]: 409,
  [InvoiceErrorCode.INVOICE_NOT_ISSUED]: 409,
  [InvoiceErrorCode.INVOICE_NOT_RETRYABLE]: 409,
  [InvoiceErrorCode.INVOICE_PAC_REFUSED]: 409,
  [InvoiceErrorCode.INVOICE_PAC_UNAVAILABLE]: 503,
  [InvoiceErrorCode.INVOICE_PERIOD_OPEN]: 409,
  [InvoiceErrorCode.INVOICE_BEING_SUBSTITUTED]: 409,
  [InvoiceErrorCode.INVOICE_CANCELLATION_PENDING]: 409,
};

const message: Record<InvoiceErrorCode, string> = {
  [InvoiceErrorCode.INVOICE_PURCHASE_NOT_FOUND]: 'No encontramos esa compra.',
  [InvoiceErrorCode.INVOICE_NOT_FOUND]: 'No encontramos esa factura.',
  [InvoiceErrorCode.INVOICE_PURCHASE_NOT_APPROVED]: 'Solo se puede facturar una compra pagada.',
  [InvoiceErrorCode.INVOICE_WINDOW_CLOSED]:
    'El plazo para pedir la factura de esta compra terminó: se incluyó en la factura global del mes.',
  [InvoiceErrorCode.INVOICE_FISCAL_DATA_MISSING]: 'Primero llena tus datos de facturación en Mi información.',
  [InvoiceErrorCode.INVOICE_CANCELLED]: 'La factura de esta compra se canceló. Pide ayuda al estudio.',
  [InvoiceErrorCode.INVOICE_NOT_ISSUED]: 'La factura aún no está emitida.',
  [InvoiceErrorCode.INVOICE_NOT_RETRYABLE]: 'Solo se puede reintentar una factura pendiente o con error.',
  [InvoiceErrorCode.INVOICE_PAC_REFUSED]: 'El servicio de facturación rechazó la solicitud.',
  [InvoiceErrorCode.INVOICE_PAC_UNAVAILABLE]:
    'El servicio de facturación no responde. Intenta de nuevo en unos minutos.',
  [InvoiceErrorCode.INVOICE_PERIOD_OPEN]:
    'La factura global de un mes se emite cuando termina el plazo para facturar sus compras.',
  [InvoiceErrorCode.INVOICE_BEING_SUBSTITUTED]:
    'Esta factura ya tiene una sustituta (en cola o emitida): se cancela con el motivo 01 cuando la nueva se timbra.',
  [InvoiceErrorCode.INVOICE_CANCELLATION_PENDING]:
    'La cancelación de esta factura espera la respuesta del receptor ante el SAT (hasta 72 horas).',
};

export class InvoiceError extends DomainError {
  constructor(code: InvoiceErrorCode, override?: string) {
    super(code, status[code], override ?? message[code]);
  }
}
