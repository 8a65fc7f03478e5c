import { ConfigError } from '../config/app-config';
import { logLevelFrom } from './logging';
import { requestIdFrom } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdFrom', () => {
  it.each([['abc'], ['a'.repeat(64)], ['proxy-Req_0123'], ['3f1c2a52-8f3e-4a8e-9d1b-2b1f0c9e7a11']])(
    'should keep the safe id %s',
    (id) => {
      expect(requestIdFrom(id)).toBe(id);
    },
  );

  it.each([[undefined], [''], ['a'.repeat(65)], ['abc def'], ['a"b'], ['a\nb'], ['ñandú'], [['abc', 'def']]])(
    'should generate a new id instead of %p',
    (header) => {
      expect(requestIdFrom(header)).toMatch(UUID);
    },
  );

  it('should generate a different id each time', () => {
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });
});

describe('logLevelFrom', () => {
  it('should default to info', () => {
    expect(logLevelFrom({})).toBe('info');
    expect(logLevelFrom({ LOG_LEVEL: '' })).toBe('info');
  });

  it('should accept the pino levels in any case', () => {
    expect(logLevelFrom({ LOG_LEVEL: 'debug' })).toBe('debug');
    expect(logLevelFrom({ LOG_LEVEL: ' WARN ' })).toBe('warn');
    expect(logLevelFrom({ LOG_LEVEL: 'silent' })).toBe('silent');
  });

  it('should refuse anything else with one line naming the variable', () => {
    expect(() => logLevelFrom({ LOG_LEVEL: 'verbose' })).toThrow(ConfigError);
    expect(() => logLevelFrom({ LOG_LEVEL: 'verbose' })).toThrow(/^Configuración inválida: LOG_LEVEL .*"verbose"/);
  });
});
