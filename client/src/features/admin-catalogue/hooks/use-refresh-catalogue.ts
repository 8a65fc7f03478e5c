import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getCatalogueQueryKey } from '../../../api/generated/admin/admin';
import { getGetPlanesQueryKey } from '../../../api/generated/planes/planes';

/**
 * After any change to the catalogue: the admin's list and the public plans (the plans page and
 * the purchase dialog), so clients see the change at once.
 */
export function useRefreshCatalogue(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all(
      [getCatalogueQueryKey(), getGetPlanesQueryKey()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  }, [queryClient]);
}
