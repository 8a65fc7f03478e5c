import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { CalendarFeed, COPIED_MESSAGE, COPY_FAILED_MESSAGE } from './calendar-feed';

const FEED = '/api/informacion/calendar-feed';
const RESET = '/api/informacion/calendar-feed/reset';
const FIRST_URL = 'https://estudio.example/api/calendar/primero.ics';
const NEW_URL = 'https://estudio.example/api/calendar/nuevo.ics';

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  // userEvent.setup() installs its own clipboard; define ours after it.
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

describe('CalendarFeed', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('should fetch the feed URL, copy it and show it in a read-only field', async () => {
    const fetchMock = stubApi({ [FEED]: () => ({ status: 200, body: { success: true, url: FIRST_URL } }) });
    renderPage(<CalendarFeed />);
    const writeText = stubClipboard(async () => undefined);

    await userEvent.click(await screen.findByRole('button', { name: 'Copiar enlace del calendario' }));

    expect(await screen.findByText(COPIED_MESSAGE)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(FIRST_URL);
    const field = screen.getByLabelText('Enlace de tu calendario');
    expect(field).toHaveValue(FIRST_URL);
    expect(field).toHaveAttribute('readonly');

    // A second copy reuses the URL it already has.
    await userEvent.click(screen.getByRole('button', { name: 'Copiar enlace del calendario' }));
    expect(writeText).toHaveBeenCalledTimes(2);
    expect(bodiesSentTo(fetchMock, FEED)).toHaveLength(1);
  });

  it('should point to the field when the clipboard refuses', async () => {
    stubApi({ [FEED]: () => ({ status: 200, body: { success: true, url: FIRST_URL } }) });
    renderPage(<CalendarFeed />);
    stubClipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Copiar enlace del calendario' }));

    expect(await screen.findByText(COPY_FAILED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Enlace de tu calendario')).toHaveFocus();
  });

  it('should warn that the old link stops working before making a new one', async () => {
    const fetchMock = stubApi({ [RESET]: () => ({ status: 200, body: { success: true, url: NEW_URL } }) });
    renderPage(<CalendarFeed />);

    await userEvent.click(await screen.findByRole('button', { name: 'Generar un enlace nuevo' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Generar un enlace nuevo?' });
    expect(dialog).toHaveTextContent('El enlace anterior dejará de funcionar');
    expect(bodiesSentTo(fetchMock, RESET)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Generar enlace nuevo' }));
    expect(await screen.findByLabelText('Enlace de tu calendario')).toHaveValue(NEW_URL);
    expect(bodiesSentTo(fetchMock, RESET)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
