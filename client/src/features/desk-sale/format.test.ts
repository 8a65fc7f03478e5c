import { describe, expect, it } from 'vitest';
import { changeFor, parsePesos, receivedError } from './format';

describe('desk sale amounts', () => {
  it('should read pesos written with a decimal point, a decimal comma or thousands commas', () => {
    expect(parsePesos('1500')).toBe(1500);
    expect(parsePesos(' 1500.5 ')).toBe(1500.5);
    expect(parsePesos('1500,50')).toBe(1500.5);
    expect(parsePesos('$1,500.00')).toBe(1500);
    expect(parsePesos('1.234')).toBeNull();
    expect(parsePesos('abc')).toBeNull();
    expect(parsePesos('')).toBeNull();
  });

  it('should want at least the total in cash and exactly the total by transfer or terminal', () => {
    expect(receivedError('1349.99', 'efectivo', 1350)).toBe('El monto recibido es menor que el total de la venta.');
    expect(receivedError('1350', 'efectivo', 1350)).toBeNull();
    expect(receivedError('2000', 'efectivo', 1350)).toBeNull();
    expect(receivedError('1350.01', 'terminal', 1350)).toContain('exactamente el total');
    expect(receivedError('1350', 'transferencia', 1350)).toBeNull();
    expect(receivedError('', 'efectivo', 1350)).toContain('Escribe el monto recibido');
    expect(receivedError('100001', 'efectivo', 1350)).toContain('no puede pasar');
  });

  it('should give the change in cash, to the centavo', () => {
    expect(changeFor('1400', 1350)).toBe(50);
    expect(changeFor('1350.10', 1350)).toBe(0.1);
    expect(changeFor('1000', 1350)).toBe(0);
    expect(changeFor('x', 1350)).toBe(0);
  });
});
