import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useLogoutAll as useLogoutAllMutation, useLogout as useLogoutMutation } from '@/api/generated/auth/auth';
import { clearSession } from './session';

/** Logs out, clears the session user and goes to /pilates. */
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

/** "Cerrar sesión en todos los dispositivos": ends every session of the user, this one too. */
export function useLogoutEverywhere() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useLogoutAllMutation({
    mutation: {
      onSuccess: async () => {
        clearSession(queryClient);
        await navigate({ to: '/pilates' });
      },
    },
  });
  return { logoutEverywhere: () => mutation.mutate(), isPending: mutation.isPending, error: mutation.error };
}
