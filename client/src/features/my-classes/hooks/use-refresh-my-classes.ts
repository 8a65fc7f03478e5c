import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getGetClasesUrl } from '../../../api/generated/informacion/informacion';
import { getGetInformationClasesUrl, getGetInformationUrl } from '../../../api/generated/reservations/reservations';

/**
 * After a cancellation: the own classes list (every page) and the day lists of the booking
 * calendar and the rosters, whose counts changed. Query keys start with the endpoint's URL.
 */
export function useRefreshMyClasses(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all(
      [getGetClasesUrl(), getGetInformationUrl(), getGetInformationClasesUrl()].map((url) =>
        queryClient.invalidateQueries({ queryKey: [url] }),
      ),
    );
  }, [queryClient]);
}
