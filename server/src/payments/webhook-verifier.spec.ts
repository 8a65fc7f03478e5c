import { Logger } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { FixedClock } from '../core/clock/clock';
import type { AppConfig } from '../core/config/app-config';
import { PaymentError } from './payments.errors';
import { signatureManifest, timestampMs, WebhookVerifier } from './webhook-verifier';

const SECRET = 'el-secreto-del-panel';

describe('WebhookVerifier', () => {
  const clock = new FixedClock(new Date(1742505638683));
  const verifier = new WebhookVerifier(
    { mercadoPagoWebhookSecret: SECRET, jwtSecret: 'x'.repeat(40) } as AppConfig,
    clock,
  );
  const sign = (manifest: string) => createHmac('sha256', SECRET).update(manifest).digest('hex');

  it('should read a 13-digit ts as milliseconds and a 10-digit one as seconds', () => {
    expect(timestampMs('1742505638683')).toBe(1742505638683);
    expect(timestampMs('1742505638')).toBe(1742505638000);
  });

  it('should build the manifest leaving out what did not come, with an alphanumeric data.id in lower case', () => {
    expect(signatureManifest('123', 'req', '1')).toBe('id:123;request-id:req;ts:1;');
    expect(signatureManifest(undefined, 'req', '1')).toBe('request-id:req;ts:1;');
    expect(signatureManifest('ABC1', undefined, '1')).toBe('id:abc1;ts:1;');
  });

  it('should accept what it signs, and what Mercado Pago signs with a millisecond ts', () => {
    expect(() => verifier.verify(verifier.sign('555', 'req-1'), 'req-1', '555')).not.toThrow();
    const v1 = sign('id:555;request-id:req-2;ts:1742505638683;');
    expect(() => verifier.verify(`ts=1742505638683,v1=${v1}`, 'req-2', '555')).not.toThrow();
  });

  it('should log why it refused, never the secret nor the signature', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const v1 = sign('id:555;request-id:req-3;ts:1742505638683;');
    const cases: [string | undefined, string][] = [
      [undefined, 'missing_signature'],
      ['ts=abc,v1=zz', 'malformed_signature'],
      [`ts=1742505638683,v1=${sign('id:556;request-id:req-3;ts:1742505638683;')}`, 'signature_mismatch'],
    ];
    for (const [header, reason] of cases) {
      expect(() => verifier.verify(header, 'req-3', '555')).toThrow(PaymentError);
      expect(String(warn.mock.calls.at(-1)?.[0])).toContain(`(${reason})`);
    }
    clock.set(new Date(1742505638683 + 61 * 60_000));
    expect(() => verifier.verify(`ts=1742505638683,v1=${v1}`, 'req-3', '555')).toThrow(PaymentError);
    expect(String(warn.mock.calls.at(-1)?.[0])).toContain('(timestamp_out_of_tolerance)');
    const logged = warn.mock.calls.map((call) => String(call[0])).join('\n');
    expect(logged).not.toContain(SECRET);
    expect(logged).not.toContain(v1);
    warn.mockRestore();
  });
});
