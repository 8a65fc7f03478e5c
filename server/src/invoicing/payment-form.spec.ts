import { paymentFormOf } from './payment-form';

describe('paymentFormOf', () => {
  it.each([
    ['mercado_pago', 'credit_card', '04'],
    ['mercado_pago', 'debit_card', '28'],
    ['mercado_pago', 'ticket', '01'],
    ['mercado_pago', 'bank_transfer', '03'],
    ['mercado_pago', 'account_money', '06'],
    ['mercado_pago', null, '31'],
    ['efectivo', null, '01'],
    ['transferencia', null, '03'],
    ['terminal', null, '04'],
  ] as const)('should give %s paid by %s the forma de pago %s', (method, type, form) => {
    expect(paymentFormOf(method, type)).toBe(form);
  });
});
