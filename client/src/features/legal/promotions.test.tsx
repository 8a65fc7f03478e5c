import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { Promotions, PROMOTIONS_OFF_MESSAGE, PROMOTIONS_ON_MESSAGE } from './components/promotions';

const MARKETING = '/api/consents/marketing';

describe('Promotions (Mi información)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should opt in with one click and say since when', async () => {
    let optedIn = false;
    const fetchMock = stubApi({
      [MARKETING]: (body) => {
        if (body !== undefined) optedIn = (body as { optIn: boolean }).optIn;
        return {
          status: 200,
          body: { success: true, optedIn, since: optedIn ? '2026-11-24T17:00:00.000Z' : null },
        };
      },
    });
    const onChanged = vi.fn();
    renderPage(<Promotions onChanged={onChanged} />);

    expect(await screen.findByText('No recibes promociones.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Quiero recibir promociones' }));
    expect(await screen.findByText('Recibes promociones desde el 24 de noviembre de 2026.')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledWith(PROMOTIONS_ON_MESSAGE);

    await userEvent.click(screen.getByRole('button', { name: 'Dejar de recibir promociones' }));
    expect(await screen.findByText('No recibes promociones.')).toBeInTheDocument();
    expect(onChanged).toHaveBeenLastCalledWith(PROMOTIONS_OFF_MESSAGE);
    expect(bodiesSentTo(fetchMock, MARKETING).filter(Boolean)).toEqual([{ optIn: true }, { optIn: false }]);
  });
});
