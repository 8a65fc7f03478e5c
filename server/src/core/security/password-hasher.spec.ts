import type { AppConfig } from '../config/app-config';
import { PasswordHasher } from './password-hasher';

const hasherFor = (nodeEnv: AppConfig['nodeEnv']) => new PasswordHasher({ nodeEnv } as AppConfig);

describe('PasswordHasher', () => {
  it.each(['production', 'development'] as const)(
    'should hash with argon2id at the library defaults (64 MiB, t=3, p=4) when NODE_ENV=%s',
    async (nodeEnv) => {
      const hash = await hasherFor(nodeEnv).hash('una-contraseña-larga');
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    },
  );

  it('should hash at the smallest cost only when NODE_ENV=test', async () => {
    expect(await hasherFor('test').hash('una-contraseña-larga')).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
  });

  it('should verify a hash made with either cost, and refuse a wrong password or a broken hash', async () => {
    const real = await hasherFor('production').hash('secreto-de-prueba');
    const light = await hasherFor('test').hash('secreto-de-prueba');
    for (const hasher of [hasherFor('production'), hasherFor('test')]) {
      expect(await hasher.verify(real, 'secreto-de-prueba')).toBe(true);
      expect(await hasher.verify(light, 'secreto-de-prueba')).toBe(true);
      expect(await hasher.verify(real, 'otro')).toBe(false);
      expect(await hasher.verify('no-es-un-hash', 'secreto-de-prueba')).toBe(false);
    }
  });
});
