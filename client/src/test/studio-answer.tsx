import { DEFAULT_STUDIO_CONTACT } from '@pilates/dates/studio-contact';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { StudioResponseDto } from '@/api/generated/model';
import { studioQueryOptions } from '@/lib/studio-clock';

/** GET /api/studio as the server answers it on first start, with `overrides`. */
export const studioAnswer = (overrides: Partial<StudioResponseDto> = {}): StudioResponseDto => ({
  success: true,
  timeZone: 'America/Mexico_City',
  cancelHours: 12,
  lateCancelReleases: true,
  autoNoShows: true,
  strikeRule: { enabled: false, count: 3, days: 30, blockDays: 7 },
  contact: DEFAULT_STUDIO_CONTACT,
  ...overrides,
});

/** A query client that already holds the studio's answer (the /pilates layout's loader reads it). */
export function queryClientWithStudio(answer: StudioResponseDto = studioAnswer()): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(studioQueryOptions.queryKey, answer);
  return queryClient;
}

/** `ui` inside a query client holding the studio's answer. */
export function withStudio(ui: ReactElement, answer?: StudioResponseDto): ReactElement {
  return <QueryClientProvider client={queryClientWithStudio(answer)}>{ui}</QueryClientProvider>;
}
