import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useLogoutAll as useLogoutAllMutation, useLogout as useLogoutMutation } from '@/api/generated/auth/auth';
import { useToast } from '@/components/ui/toast';
import { clearSession } from './session';

export const LOGGED_OUT_MESSAGE = 'Cerraste sesión. ¡Hasta pronto!';

/** Logs out, clears the session user, goes to /pilates and says so briefly. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const mutation = useLogoutMutation({
    mutation: {
      // The cookie may already be gone; the local session is cleared either way.
      onSettled: async () => {
        clearSession(queryClient);
        await navigate({ to: '/pilates' });
        toast.show(LOGGED_OUT_MESSAGE);
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
