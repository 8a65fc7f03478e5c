import { describe, expect, it } from 'vitest';
import { paymentReturnSearchSchema } from './search';

describe('paymentReturnSearchSchema', () => {
  it('should keep what Mercado Pago sends back', () => {
    expect(
      paymentReturnSearchSchema.parse({
        pago: 'aprobado',
        payment_id: 123456789,
        status: 'approved',
        external_reference: '42',
      }),
    ).toEqual({ pago: 'aprobado', payment_id: '123456789', status: 'approved', external_reference: '42' });
  });

  it("should keep a mail's «Ver mis planes» (ver=planes) and drop any other view", () => {
    expect(paymentReturnSearchSchema.parse({ ver: 'planes' }).ver).toBe('planes');
    expect(paymentReturnSearchSchema.parse({ ver: 'clases' }).ver).toBeUndefined();
  });

  it('should keep the return of a plan the gift balance paid whole', () => {
    expect(paymentReturnSearchSchema.parse({ pago: 'saldo' }).pago).toBe('saldo');
  });

  it('should drop unknown results and empty values', () => {
    expect(paymentReturnSearchSchema.parse({ pago: 'quizas', payment_id: 'null', status: '' })).toEqual({
      pago: undefined,
      payment_id: undefined,
      status: undefined,
      external_reference: undefined,
    });
    expect(paymentReturnSearchSchema.parse({ payment_id: { a: 1 } }).payment_id).toBeUndefined();
  });

  it("should keep a membership's reference on the way back from its subscription, and nothing else there", () => {
    const reference = 'pilates-0b7c3c9e-8d1f-4e55-9a1e-2f5d7c1b9a00';
    expect(paymentReturnSearchSchema.parse({ ver: 'planes', membresia: reference }).membresia).toBe(reference);
    expect(paymentReturnSearchSchema.parse({ membresia: '<script>' }).membresia).toBeUndefined();
  });
});
