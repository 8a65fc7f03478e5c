import type { FieldValues, Resolver } from 'react-hook-form';

/** A form resolver whose rules load on first use; `preload()` starts loading them earlier. */
export type LazyResolver<TInput extends FieldValues, TContext, TOutput> = Resolver<TInput, TContext, TOutput> & {
  preload: () => void;
};

/**
 * A react-hook-form resolver that loads the real one (zod and the form's schema) when the form is
 * first checked, so that a page with a form does not download zod before the visitor types. Call
 * `preload` when the visitor reaches the form (focus): by the time they submit, the rules are there.
 * A failed load (network) is tried again on the next check.
 */
export function lazyResolver<TInput extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TInput, TContext, TOutput>>,
): LazyResolver<TInput, TContext, TOutput> {
  let loading: Promise<Resolver<TInput, TContext, TOutput>> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const resolver: Resolver<TInput, TContext, TOutput> = async (values, context, options) =>
    (await loaded())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      // A failure here is retried, and reported, when the form is checked.
      loaded().catch(() => undefined);
    },
  });
}
