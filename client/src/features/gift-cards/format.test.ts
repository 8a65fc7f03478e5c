import { describe, expect, it } from 'vitest';
import { deltaLabel, giftOrderErrors, movementLabel } from './format';

const valid = {
  amount: '1000',
  recipientName: 'Lucía Pérez',
  recipientEmail: 'lucia@example.com',
  message: '¡Feliz cumpleaños!',
  deliverOn: '2026-11-24',
};

describe('gift card formats', () => {
  it('should name each movement of the balance, with its plan', () => {
    expect(movementLabel({ kind: 'redeem', planName: null })).toBe('Tarjeta de regalo canjeada');
    expect(movementLabel({ kind: 'hold', planName: 'Ocho Clases' })).toBe('Usado en tu compra (Ocho Clases)');
    expect(movementLabel({ kind: 'release', planName: 'Ocho Clases' })).toBe(
      'Devuelto: el pago no se completó (Ocho Clases)',
    );
    expect(movementLabel({ kind: 'refund_return', planName: null })).toBe('Devuelto por reembolso');
    expect(deltaLabel(100000)).toBe('+$1,000.00');
    expect(deltaLabel(-50000)).toBe('−$500.00');
  });

  it('should accept a complete order and name the first problem of each field', () => {
    expect(giftOrderErrors(valid, '2026-11-23')).toEqual({});
    expect(
      giftOrderErrors(
        { amount: '', recipientName: ' ', recipientEmail: 'lucia@', message: 'x'.repeat(501), deliverOn: '2026-11-22' },
        '2026-11-23',
      ),
    ).toEqual({
      amount: 'Elige el monto de la tarjeta',
      recipientName: 'Escribe el nombre de quien recibe',
      recipientEmail: 'Escribe un correo válido',
      message: 'El mensaje puede tener hasta 500 caracteres',
      deliverOn: 'La fecha de entrega no puede ser antes de hoy',
    });
  });
});
