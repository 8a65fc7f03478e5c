import { useQuery } from '@tanstack/react-query';
import { legalVersionsQueryOptions } from './queries';

export interface VersionsInForce {
  /** The terms' version in force; null while none is published (or not read yet). */
  terms: number | null;
  privacy: number | null;
}

/** The versions a new account accepts (the registration form names them), read in the browser. */
export function useVersionsInForce(): VersionsInForce {
  // The list is the one in force first: lighter than the texts themselves.
  const terms = useQuery(legalVersionsQueryOptions('terminos')).data?.[0]?.version ?? null;
  const privacy = useQuery(legalVersionsQueryOptions('privacidad')).data?.[0]?.version ?? null;
  return { terms, privacy };
}
