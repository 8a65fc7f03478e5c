import { DomainError } from '../core/errors/api-error';

export enum GiftCardErrorCode {
  GIFT_AMOUNT_INVALID = 'GIFT_AMOUNT_INVALID',
  GIFT_CODE_INVALID = 'GIFT_CODE_INVALID',
  GIFT_CODE_USED = 'GIFT_CODE_USED',
  GIFT_TOO_MANY_ATTEMPTS = 'GIFT_TOO_MANY_ATTEMPTS',
  GIFT_CARD_NOT_FOUND = 'GIFT_CARD_NOT_FOUND',
  GIFT_CARD_NOT_VOIDABLE = 'GIFT_CARD_NOT_VOIDABLE',
  GIFT_CARD_NOT_SENDABLE = 'GIFT_CARD_NOT_SENDABLE',
  GIFT_BALANCE_CHANGED = 'GIFT_BALANCE_CHANGED',
  GIFT_CARD_REDEEMED = 'GIFT_CARD_REDEEMED',
  GIFT_CARD_NOT_REFUNDABLE = 'GIFT_CARD_NOT_REFUNDABLE',
}

// Records keyed by the enum: a code without its status and message does not compile.
const status: Record<GiftCardErrorCode, number> = {
  [GiftCardErrorCode.GIFT_AMOUNT_INVALID]: 400,
  [GiftCardErrorCode.GIFT_CODE_INVALID]: 404,
  [GiftCardErrorCode.GIFT_CODE_USED]: 409,
  [GiftCardErrorCode.GIFT_TOO_MANY_ATTEMPTS]: 429,
  [GiftCardErrorCode.GIFT_CARD_NOT_FOUND]: 404,
  [GiftCardErrorCode.GIFT_CARD_NOT_VOIDABLE]: 409,
  [GiftCardErrorCode.GIFT_CARD_NOT_SENDABLE]: 409,
  [GiftCardErrorCode.GIFT_BALANCE_CHANGED]: 409,
  [GiftCardErrorCode.GIFT_CARD_REDEEMED]: 409,
  [GiftCardErrorCode.GIFT_CARD_NOT_REFUNDABLE]: 409,
};

const message: Record<GiftCardErrorCode, string> = {
  [GiftCardErrorCode.GIFT_AMOUNT_INVALID]: 'Ese monto no está a la venta: elige uno de los montos de la lista.',
  [GiftCardErrorCode.GIFT_CODE_INVALID]: 'Ese código no existe o ya no es válido. Revisa que esté bien escrito.',
  [GiftCardErrorCode.GIFT_CODE_USED]: 'Esa tarjeta de regalo ya se canjeó.',
  [GiftCardErrorCode.GIFT_TOO_MANY_ATTEMPTS]: 'Demasiados códigos incorrectos. Intenta de nuevo más tarde.',
  [GiftCardErrorCode.GIFT_CARD_NOT_FOUND]: 'No encontramos esa tarjeta de regalo.',
  [GiftCardErrorCode.GIFT_CARD_NOT_VOIDABLE]:
    'Solo se puede anular una tarjeta sin canjear cuyo pago ya se reembolsó en Mercado Pago.',
  [GiftCardErrorCode.GIFT_CARD_NOT_SENDABLE]: 'Solo se puede reenviar una tarjeta pagada que aún no se canjea.',
  [GiftCardErrorCode.GIFT_BALANCE_CHANGED]:
    'Tu saldo de regalo cambió mientras comprabas. Revisa el total e intenta de nuevo.',
  [GiftCardErrorCode.GIFT_CARD_REDEEMED]:
    'La tarjeta ya se canjeó: su monto está en el saldo de regalo de quien la canjeó y ya no se puede reembolsar.',
  [GiftCardErrorCode.GIFT_CARD_NOT_REFUNDABLE]:
    'Solo se puede reembolsar una tarjeta pagada que aún no se canjea ni se anula.',
};

export class GiftCardError extends DomainError {
  constructor(code: GiftCardErrorCode, override?: string, headers?: Record<string, string>) {
    super(code, status[code], override ?? message[code], headers);
  }
}
