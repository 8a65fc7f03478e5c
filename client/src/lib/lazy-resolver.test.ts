import type { FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

const options: ResolverOptions<FieldValues> = { fields: {}, shouldUseNativeValidation: false };
const accepting: Resolver<FieldValues> = (values) => Promise.resolve({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads the real resolver on the first check, once, and answers with it', async () => {
    const load = vi.fn(() => Promise.resolve(accepting));
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    await expect(resolver({ email: 'a@b.mx' }, undefined, options)).resolves.toEqual({
      values: { email: 'a@b.mx' },
      errors: {},
    });
    await resolver({ email: 'c@d.mx' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts loading on preload, before any check', () => {
    const load = vi.fn(() => Promise.resolve(accepting));
    lazyResolver(load).preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reports a failed load at the check and tries again on the next one', async () => {
    const load = vi
      .fn<() => Promise<Resolver<FieldValues>>>()
      .mockRejectedValueOnce(new Error('sin red'))
      .mockResolvedValueOnce(accepting);
    const resolver = lazyResolver(load);
    resolver.preload();

    await expect(resolver({}, undefined, options)).rejects.toThrow('sin red');
    await expect(resolver({}, undefined, options)).resolves.toEqual({ values: {}, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
