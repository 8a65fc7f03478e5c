import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and during the hydration pass, true once the page is interactive. A control
 * that acts (books, pays) waits for it: a tap on the server's markup before then does nothing,
 * rather than something React may or may not see.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
