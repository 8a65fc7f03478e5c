import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getGetUserPlanesUrl } from '../../../api/generated/informacion/informacion';
import { getListPurchasesQueryKey } from '../../../api/generated/payments/payments';

/** After a payment: every page of the client's plans and the open purchases load again. */
export function useRefreshPurchases(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        // The key of each page starts with the endpoint, then the body.
        queryClient.invalidateQueries({ queryKey: [getGetUserPlanesUrl()] }),
        queryClient.invalidateQueries({ queryKey: getListPurchasesQueryKey() }),
      ]),
    [queryClient],
  );
}
