import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getGetAuditUrl, getGetPurchasesUrl, getGetUsersUrl } from '../../../api/generated/admin/admin';
import { getGetClasesUrl, getGetUserPlanesUrl } from '../../../api/generated/informacion/informacion';
import { getGetInformationClasesUrl, getGetInformationUrl } from '../../../api/generated/reservations/reservations';

/**
 * What a change may have made stale. Query keys start with the endpoint's URL, so one key covers
 * every page and every user.
 */
const URLS = {
  users: [getGetUsersUrl()],
  plans: [getGetUserPlanesUrl()],
  // A user's Mercado Pago purchases (refunds change them and the plans they gave).
  purchases: [getGetPurchasesUrl()],
  classes: [getGetClasesUrl()],
  // The booking calendar's counts and the class rosters (their names, their places).
  booking: [getGetInformationUrl(), getGetInformationClasesUrl()],
} as const;

export type RefreshTarget = keyof typeof URLS;

/** After an admin change: the given lists, plus the audit log, which records every change. */
export function useRefreshAdmin(): (...targets: RefreshTarget[]) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (...targets: RefreshTarget[]) => {
      const urls = [getGetAuditUrl(), ...targets.flatMap((target) => URLS[target])];
      await Promise.all(urls.map((url) => queryClient.invalidateQueries({ queryKey: [url] })));
    },
    [queryClient],
  );
}
