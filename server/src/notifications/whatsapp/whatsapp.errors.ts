import { DomainError } from '../../core/errors/api-error';

export enum WhatsAppErrorCode {
  WHATSAPP_PHONE_INVALID = 'WHATSAPP_PHONE_INVALID',
  WHATSAPP_SIGNATURE_INVALID = 'WHATSAPP_SIGNATURE_INVALID',
  WHATSAPP_VERIFICATION_FAILED = 'WHATSAPP_VERIFICATION_FAILED',
  WHATSAPP_WEBHOOK_TOO_LARGE = 'WHATSAPP_WEBHOOK_TOO_LARGE',
}

// Records keyed by the enum: a code without its status and message does not compile.
const status: Record<WhatsAppErrorCode, number> = {
  [WhatsAppErrorCode.WHATSAPP_PHONE_INVALID]: 400,
  [WhatsAppErrorCode.WHATSAPP_SIGNATURE_INVALID]: 401,
  [WhatsAppErrorCode.WHATSAPP_VERIFICATION_FAILED]: 403,
  [WhatsAppErrorCode.WHATSAPP_WEBHOOK_TOO_LARGE]: 413,
};

const message: Record<WhatsAppErrorCode, string> = {
  [WhatsAppErrorCode.WHATSAPP_PHONE_INVALID]: 'Escribe tu celular a 10 dígitos, por ejemplo 722 123 4567.',
  [WhatsAppErrorCode.WHATSAPP_SIGNATURE_INVALID]: 'Firma no válida.',
  [WhatsAppErrorCode.WHATSAPP_VERIFICATION_FAILED]: 'La verificación del webhook no coincide.',
  [WhatsAppErrorCode.WHATSAPP_WEBHOOK_TOO_LARGE]: 'La notificación es demasiado grande.',
};

export class WhatsAppError extends DomainError {
  constructor(code: WhatsAppErrorCode, override?: string) {
    super(code, status[code], override ?? message[code]);
  }
}
