import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_STUDIO_TIME_ZONE } from '@/content/studio';
import { currentStudioDay, studioTimeZone, useStudioToday } from './studio-clock';

function Today() {
  return <p>{useStudioToday()}</p>;
}

const jsonAnswer = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the studio clock', () => {
  afterEach(() => vi.useRealTimers());

  it('takes today from the default zone before the server answers, not the browser’s', () => {
    expect(studioTimeZone()).toBe(DEFAULT_STUDIO_TIME_ZONE);
    // 05:30 UTC on 1 January is still 31 December in Mexico City (UTC−6).
    expect(currentStudioDay(new Date('2027-01-01T05:30:00Z'))).toBe('2026-12-31');
    expect(currentStudioDay(new Date('2027-01-01T06:30:00Z'))).toBe('2027-01-01');
  });

  it("switches to the server's zone once GET /api/studio answers", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 23:30 on 31 December in Mexico City, already 1 January in Madrid.
    vi.setSystemTime(new Date('2027-01-01T05:30:00Z'));
    const fetchMock = vi.fn(async () => jsonAnswer({ success: true, timeZone: 'Europe/Madrid', cancelHours: 12 }));
    vi.stubGlobal('fetch', fetchMock);

    render(
      <QueryClientProvider client={new QueryClient()}>
        <Today />
      </QueryClientProvider>,
    );

    expect(screen.getByText('2026-12-31')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('2027-01-01')).toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledWith('/api/studio', expect.anything());
    expect(studioTimeZone()).toBe('Europe/Madrid');
    expect(currentStudioDay()).toBe('2027-01-01');
  });
});
