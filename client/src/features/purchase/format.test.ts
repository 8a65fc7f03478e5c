import { describe, expect, it } from 'vitest';
import { formatDeadline, purchaseOutcome, purchaseState } from './format';

describe('purchase format', () => {
  it('should give a deadline in the studio’s time, whatever the browser’s zone', () => {
    // 05:59 UTC on Dec 1 is 11:59 PM on Nov 30 in Mexico City (UTC−6).
    expect(formatDeadline('2026-12-01T05:59:00.000Z')).toBe('30 de noviembre de 2026 a las 11:59 PM');
  });

  it('should group the payment states and name them in Spanish', () => {
    expect(purchaseOutcome('approved')).toBe('approved');
    expect(purchaseOutcome('pending')).toBe('pending');
    expect(purchaseOutcome('in_process')).toBe('pending');
    expect(purchaseOutcome('rejected')).toBe('failed');
    expect(purchaseOutcome('expired')).toBe('failed');
    expect(purchaseState('pending')).toEqual({ label: 'Pago pendiente', tone: 'waiting' });
    expect(purchaseState('in_process')).toEqual({ label: 'Pago en revisión', tone: 'review' });
    expect(purchaseState('rejected')).toEqual({ label: 'Pago rechazado', tone: 'rejected' });
    expect(purchaseState('cancelled')).toEqual({ label: 'Pago rechazado', tone: 'rejected' });
    expect(purchaseState('expired')).toEqual({ label: 'Pago vencido', tone: 'expired' });
  });
});
