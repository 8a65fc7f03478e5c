import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PlanHistoryResponseDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { formatMovementInstant, PlanHistoryButton } from './plan-history';

const URL = '/api/informacion/plan-history';

const answer: PlanHistoryResponseDto = {
  success: true,
  plan: {
    id: 12,
    name: 'Ocho Clases',
    classesTotal: 8,
    classesRemaining: 5,
    used: 3,
    startDate: '2026-11-02',
    endDate: '2026-12-01',
  },
  movements: [
    {
      at: '2026-11-24T01:30:00.000Z',
      date: '2026-11-24',
      time: '7:00 AM',
      kind: 'released_late',
      label: 'Lugar liberado tarde: la clase no volvió al plan',
      classDelta: 0,
      note: null,
    },
    {
      at: '2026-11-20T15:00:00.000Z',
      date: '2026-11-21',
      time: '8:00 AM',
      kind: 'cancelled_in_time',
      label: 'Cancelada a tiempo: la clase volvió al plan',
      classDelta: 1,
      note: null,
    },
    {
      at: '2026-11-20T14:00:00.000Z',
      date: '2026-11-21',
      time: '8:00 AM',
      kind: 'booked',
      label: 'Clase reservada',
      classDelta: -1,
      note: 'Reservada por el estudio',
    },
    {
      at: '2026-11-02T18:00:00.000Z',
      date: null,
      time: null,
      kind: 'purchased',
      label: 'Plan comprado',
      classDelta: 0,
      note: '8 clases',
    },
  ],
};

describe('PlanHistoryButton', () => {
  it('should open the plan’s movements newest first with the summary line, class dates and studio times', async () => {
    const fetchMock = stubApi({ [URL]: () => ({ status: 200, body: answer }) });
    renderPage(<PlanHistoryButton userPlanId={12} planName="Ocho Clases" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Historial del plan Ocho Clases #12' }));

    const dialog = await screen.findByRole('dialog', { name: 'Historial de Ocho Clases' });
    expect(await within(dialog).findByText('Total 8 · usadas 3 · quedan 5')).toBeInTheDocument();
    const list = within(dialog).getByRole('list', { name: 'Historial de Ocho Clases' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Lugar liberado tarde: la clase no volvió al plan',
      'Cancelada a tiempo: la clase volvió al plan',
      'Clase reservada',
      'Plan comprado',
    ]);
    expect(items[0]).toHaveTextContent('Clase del 24 de noviembre de 2026, 7:00 AM');
    // 01:30 UTC on the 24th is 7:30 PM of the 23rd in the studio (Mexico City), whatever the browser's zone.
    expect(items[0]).toHaveTextContent('23 de noviembre de 2026, 7:30 PM');
    expect(within(items[1]).getByLabelText('Devuelve 1 clase')).toHaveTextContent('+1');
    expect(within(items[2]).getByLabelText('Usa 1 clase')).toHaveTextContent('−1');
    expect(items[2]).toHaveTextContent('Reservada por el estudio');
    expect(within(items[3]).getByLabelText('Sin cambio en tus clases')).toHaveTextContent('0');
    expect(bodiesSentTo(fetchMock, URL)).toEqual([{ userPlanId: 12 }]);

    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Cerrar' })[0]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should show the server’s error when the plan is not the caller’s', async () => {
    stubApi({
      [URL]: () => ({
        status: 403,
        body: { success: false, error: 'No tienes permiso para hacer esto.', code: 'FORBIDDEN' },
      }),
    });
    renderPage(<PlanHistoryButton userPlanId={99} planName="Cuatro Clases" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Historial del plan Cuatro Clases #99' }));
    const dialog = await screen.findByRole('dialog', { name: 'Historial de Cuatro Clases' });
    expect(await within(dialog).findByText('No tienes permiso para hacer esto.')).toBeInTheDocument();
  });

  it('should format an instant in the studio’s zone', () => {
    expect(formatMovementInstant('2026-11-02T18:00:00.000Z')).toBe('2 de noviembre de 2026, 12:00 PM');
  });
});
