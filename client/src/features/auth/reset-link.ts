import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '@/api/api-error';
import type { SuccessResponseDto } from '@/api/generated/model';
import { apiFetch } from '@/api/http';

/**
 * POST /api/reset-password/check as the generated client's checkResetToken writes it: the page's
 * loader runs in the first download, where the whole generated auth module would ride along.
 */
const checkResetToken = (token: string, signal: AbortSignal) =>
  apiFetch<SuccessResponseDto>('/api/reset-password/check', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
    signal,
  });

/** What the server says of an emailed reset link: true while it can be used, false once spent or expired. */
export const resetLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['/api/reset-password/check', token],
    queryFn: async ({ signal }): Promise<boolean> => {
      try {
        await checkResetToken(token, signal);
        return true;
      } catch (error) {
        if (isApiError(error) && error.code === 'RESET_TOKEN_INVALID') return false;
        throw error;
      }
    },
    // Asked once per visit of the page: the answer only changes when the link is used.
    staleTime: Infinity,
    retry: false,
  });

export const RESET_LINK_INVALID_MESSAGE =
  'Este enlace para restablecer la contraseña ya se usó o venció. Solicita uno nuevo para continuar.';
