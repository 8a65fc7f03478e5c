import '@/components/ui/test-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToReadableStream } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { LeftToBrowser, UNREAD_ON_SERVER_DIGEST, onRecoverableError } from '@/lib/server-read';
import { getGetInformationQueryKey } from '@/api/generated/reservations/reservations';
import { findToast, slot, stubApi } from '../test-utils';
import { BookingDay } from './booking-day';

const DATE = '2026-11-30';

function Day({ queryClient, isGuest = true }: { queryClient: QueryClient; isGuest?: boolean }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <BookingDay date={DATE} isGuest={isGuest} onRequireLogin={() => {}} />
      </ToastProvider>
    </QueryClientProvider>
  );
}

/** The day as the server renders it when the page has no answer for it (its read was late or failed). */
async function serverHtmlWithoutTheDay(): Promise<string> {
  vi.stubEnv('SSR', true);
  try {
    const stream = await renderToReadableStream(<Day queryClient={new QueryClient()} />, {
      onError: (error) => (error instanceof LeftToBrowser ? error.digest : undefined),
    });
    await stream.allReady;
    return await new Response(stream).text();
  } finally {
    vi.unstubAllEnvs();
  }
}

const DAY = { success: true, date: DATE, data: [slot({ scheduleId: 5, time: '8:00 AM' })] };

/** The day as the server renders it for a logged-in client, with the day's classes read. */
async function serverHtmlWithTheDay(): Promise<string> {
  vi.stubEnv('SSR', true);
  try {
    const queryClient = new QueryClient();
    queryClient.setQueryData(getGetInformationQueryKey({ date: DATE }), DAY);
    const stream = await renderToReadableStream(<Day queryClient={queryClient} isGuest={false} />);
    await stream.allReady;
    return await new Response(stream).text();
  } finally {
    vi.unstubAllEnvs();
  }
}

describe('BookingDay under server rendering', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('should fill in the classes the server left in their loading state, with no hydration error reported', async () => {
    const html = await serverHtmlWithoutTheDay();
    expect(html).toContain('Cargando las clases…');
    expect(html).toContain(`data-dgst="${UNREAD_ON_SERVER_DIGEST}"`);
    expect(html).not.toContain('8:00 AM');

    stubApi({
      '/api/reservations/get-information': () => [
        200,
        { success: true, date: DATE, data: [slot({ scheduleId: 5, time: '8:00 AM' })] },
      ],
    });
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    const consoleError = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);

    const browserClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () => {
      root = hydrateRoot(container, <Day queryClient={browserClient} />, { onRecoverableError });
    });

    expect(await within(container).findByText('8:00 AM')).toBeInTheDocument();
    expect(within(container).queryByText('Cargando las clases…')).not.toBeInTheDocument();
    expect(reported).not.toHaveBeenCalled();
    // (React's development build notes that this test runs its server and browser renderers in one
    // process; a real page never does.)
    const logged = consoleError.mock.calls.map((call) => String(call[0]));
    expect(logged.filter((message) => !message.startsWith('Detected multiple renderers'))).toEqual([]);
  });

  it('should send Reservar disabled until the page is interactive, then book once on a tap', async () => {
    const html = await serverHtmlWithTheDay();
    const { sentTo } = stubApi({
      '/api/reservations/get-information': () => [200, DAY],
      '/api/reservations/push-reservation': () => [
        201,
        {
          success: true,
          message: '¡Has reservado con éxito!',
          reservationId: 9,
          cancellable: true,
          cancelUntil: '2026-11-30T20:00:00.000Z',
        },
      ],
    });
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    // The server's markup: a tap before the scripts run lands on a disabled button and does nothing.
    const serverButton = within(container).getByRole('button', { name: 'Reservar' });
    expect(serverButton).toBeDisabled();
    fireEvent.click(serverButton);

    const browserClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    browserClient.setQueryData(getGetInformationQueryKey({ date: DATE }), DAY);
    await act(async () => {
      root = hydrateRoot(container, <Day queryClient={browserClient} isGuest={false} />, { onRecoverableError });
    });
    const button = within(container).getByRole('button', { name: 'Reservar' });
    // The same element, adopted by React, and live now.
    expect(button).toBe(serverButton);
    expect(button).toBeEnabled();
    expect(sentTo('/api/reservations/push-reservation')).toEqual([]);

    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    expect(
      await findToast('¡Has reservado con éxito! Cancela sin costo hasta el lunes 30 de noviembre, 2:00 PM.'),
    ).toBeInTheDocument();
    expect(sentTo('/api/reservations/push-reservation')).toEqual([{ date: DATE, classReservation: 5 }]);
  });

  it('should still report any other recoverable error', () => {
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    const mismatch = new Error('Hydration failed because the server rendered text did not match the client.');
    onRecoverableError(mismatch);
    expect(reported).toHaveBeenCalledWith(mismatch);
  });
});
