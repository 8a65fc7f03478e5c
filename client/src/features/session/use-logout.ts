import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useLogout as useLogoutMutation } from '../../api/generated/auth/auth';
import { clearSession } from './session';

/** Logs out, clears the session user and goes to /pilates (spec §4). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useLogoutMutation({
    mutation: {
      // The cookie may already be gone; the local session is cleared either way.
      onSettled: async () => {
        clearSession(queryClient);
        await navigate({ to: '/pilates' });
      },
    },
  });
  return { logout: () => mutation.mutate(), isPending: mutation.isPending };
}
