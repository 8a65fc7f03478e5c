import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FavouriteSpotResponseDto, SalaResponseDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { FAVOURITE_HINT, FavouriteSpot } from './favourite-spot';

const SALA = '/api/reservations/sala';
const FAVOURITE = '/api/informacion/favourite-spot';

const sala: SalaResponseDto = {
  success: true,
  instructor: { row: 0, column: 1 },
  spots: [
    { id: 1, label: 'Reformer 1', row: 1, column: 0 },
    { id: 2, label: 'Reformer 2', row: 1, column: 1 },
    { id: 3, label: 'Reformer 3', row: 1, column: 2 },
  ],
};
const saved = (favouriteSpot: FavouriteSpotResponseDto['favouriteSpot'], message: string) => () => ({
  status: 200,
  body: { success: true, message, favouriteSpot },
});

describe('FavouriteSpot', () => {
  it('should show the room with every reformer free and the favourite starred', async () => {
    stubApi({ [SALA]: () => ({ status: 200, body: sala }) });
    renderPage(<FavouriteSpot favourite={{ id: 2, label: 'Reformer 2' }} onChanged={() => undefined} />);

    const room = await screen.findByRole('radiogroup', { name: 'Elige tu reformer favorito' });
    expect(within(room).getAllByRole('radio')).toHaveLength(3);
    expect(within(room).queryByRole('radio', { name: 'Cualquiera' })).not.toBeInTheDocument();
    expect(within(room).getByRole('radio', { name: 'Reformer 2, libre, tu favorito' })).toBeChecked();
    expect(within(room).getByRole('radio', { name: 'Reformer 1, libre' })).not.toBeChecked();
    expect(screen.getByText(FAVOURITE_HINT)).toBeInTheDocument();
    expect(screen.getByText('Reformer 2', { selector: 'strong' })).toBeInTheDocument();
  });

  it('should save the reformer chosen on the map and hand over the answer', async () => {
    const onChanged = vi.fn();
    const fetchMock = stubApi({
      [SALA]: () => ({ status: 200, body: sala }),
      [FAVOURITE]: saved({ id: 3, label: 'Reformer 3' }, 'Reformer 3 es tu reformer favorito.'),
    });
    renderPage(<FavouriteSpot favourite={null} onChanged={onChanged} />);

    expect(await screen.findByText('Aún no tienes un reformer favorito.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sin favorito' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Reformer 3, libre' }));

    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(bodiesSentTo(fetchMock, FAVOURITE)).toEqual([{ spot: 3 }]);
    expect(onChanged.mock.calls[0]![0]).toMatchObject({ favouriteSpot: { id: 3, label: 'Reformer 3' } });
  });

  it('should clear the favourite with "Sin favorito"', async () => {
    const onChanged = vi.fn();
    const fetchMock = stubApi({
      [SALA]: () => ({ status: 200, body: sala }),
      [FAVOURITE]: saved(null, 'Ya no tienes un reformer favorito.'),
    });
    renderPage(<FavouriteSpot favourite={{ id: 1, label: 'Reformer 1' }} onChanged={onChanged} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Sin favorito' }));

    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(bodiesSentTo(fetchMock, FAVOURITE)).toEqual([{ spot: null }]);
  });

  it('should show a refusal in Spanish', async () => {
    stubApi({
      [SALA]: () => ({ status: 200, body: sala }),
      [FAVOURITE]: () => ({
        status: 400,
        body: { success: false, code: 'SPOT_UNKNOWN', error: 'Ese reformer no existe' },
      }),
    });
    renderPage(<FavouriteSpot favourite={null} onChanged={() => undefined} />);

    await userEvent.click(await screen.findByRole('radio', { name: 'Reformer 1, libre' }));
    expect(await screen.findByText('Ese reformer no existe')).toBeInTheDocument();
  });
});
