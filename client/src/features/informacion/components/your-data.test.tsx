// The forfeit checkbox (Radix) measures its hidden input with ResizeObserver.
import '@/components/ui/test-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORFEIT_LABEL } from './delete-account-dialog';
import { formatExpiry, YourData } from './your-data';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const LINKS = {
  success: true,
  url: '/api/informacion/export/abc.json',
  zipUrl: '/api/informacion/export/abc.zip',
  // 18:00 in Mexico City.
  expiresAt: '2026-11-29T00:00:00.000Z',
};

function renderSection(onDeleted = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <YourData onDeleted={onDeleted} />
    </QueryClientProvider>,
  );
  return onDeleted;
}

const bodyOf = (call: unknown) => JSON.parse((call as [string, RequestInit])[1].body as string) as unknown;

describe('YourData («Tus datos»)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should write when the links end in the studio time', () => {
    expect(formatExpiry(LINKS.expiresAt)).toMatch(/^el sábado 28 de noviembre a las 6:00\s?p\.\s?m\.$/);
  });

  it('should ask for the export and show both links with when they expire', async () => {
    const fetchMock = vi.fn(async () => json(200, LINKS));
    vi.stubGlobal('fetch', fetchMock);
    renderSection();

    await userEvent.click(screen.getByRole('button', { name: 'Descargar mis datos' }));

    const jsonLink = await screen.findByRole('link', { name: 'Todo en un archivo (JSON)' });
    expect(jsonLink).toHaveAttribute('href', LINKS.url);
    expect(screen.getByRole('link', { name: 'Tablas para Excel (ZIP)' })).toHaveAttribute('href', LINKS.zipUrl);
    expect(screen.getByText(/Los enlaces funcionan el sábado 28 de noviembre/)).toBeInTheDocument();
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/informacion/export-data');
  });

  it('should show the daily limit in Spanish', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(429, {
          success: false,
          code: 'EXPORT_LIMIT',
          error: 'Ya pediste tus datos 3 veces en las últimas 24 horas. Intenta más tarde.',
        }),
      ),
    );
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Descargar mis datos' }));
    expect(await screen.findByText(/Ya pediste tus datos 3 veces/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('should ask for the password, list what is pending, and delete only once the loss is confirmed', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        json(409, {
          success: false,
          code: 'DELETION_PENDING_ITEMS',
          error: {
            planes: ['Tu plan «Ocho Clases» con 3 clases por usar (vence el 22/12/2026).'],
            reservaciones: ['1 clase reservada por venir: se cancelará y su lugar quedará libre.'],
          },
        }),
      )
      .mockResolvedValueOnce(
        json(200, { success: true, message: 'Tu cuenta fue eliminada.', cancelledReservations: 1 }),
      );
    vi.stubGlobal('fetch', fetchMock);
    const onDeleted = renderSection();

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar mi cuenta' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(within(dialog).getByLabelText('Tu contraseña')).toHaveAccessibleDescription('Escribe tu contraseña actual');
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText('Tu contraseña'), 'clave-segura-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(await within(dialog).findByText(/Tu plan «Ocho Clases» con 3 clases/)).toBeInTheDocument();
    expect(within(dialog).getByText(/1 clase reservada por venir/)).toBeInTheDocument();
    expect(bodyOf(fetchMock.mock.calls[0])).toEqual({ password: 'clave-segura-1' });

    // Not confirmed yet: nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(within(dialog).getByText('Marca la casilla para confirmar.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await userEvent.click(within(dialog).getByRole('checkbox', { name: FORFEIT_LABEL }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(bodyOf(fetchMock.mock.calls[1])).toEqual({ password: 'clave-segura-1', confirmForfeit: true });
  });

  it('should show a wrong password under its field and not delete', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, { success: false, code: 'CURRENT_PASSWORD_WRONG', error: 'La contraseña actual no es correcta.' }),
      ),
    );
    const onDeleted = renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Tu contraseña'), 'otra');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    await vi.waitFor(() =>
      expect(within(dialog).getByLabelText('Tu contraseña')).toHaveAccessibleDescription(
        'La contraseña actual no es correcta.',
      ),
    );
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
