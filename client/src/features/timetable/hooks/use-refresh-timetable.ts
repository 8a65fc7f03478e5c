import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getListTimetableUrl } from '../../../api/generated/horario/horario';
import { getGetClasesUrl } from '../../../api/generated/informacion/informacion';
import { getGetInformationClasesUrl, getGetInformationUrl } from '../../../api/generated/reservations/reservations';

/**
 * After any change to the timetable or a cancelled class: the timetable, the day lists of the
 * booking calendar and the rosters, and the classes lists (cancellations remove reservations).
 * Query keys start with the endpoint's URL.
 */
export function useRefreshTimetable(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all(
      [getListTimetableUrl(), getGetInformationUrl(), getGetInformationClasesUrl(), getGetClasesUrl()].map((url) =>
        queryClient.invalidateQueries({ queryKey: [url] }),
      ),
    );
  }, [queryClient]);
}
