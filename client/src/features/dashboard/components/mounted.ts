import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and in the hydration pass, true after: the charts measure the DOM, so they
 * draw only in the browser, into boxes whose size the server already reserved (no layout shift,
 * no hydration mismatch).
 */
export function useMounted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
