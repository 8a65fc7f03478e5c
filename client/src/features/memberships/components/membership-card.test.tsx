import '@/components/ui/test-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { MembershipCard } from './membership-card';
import { MyMembership } from './my-membership';
import { activeMembership } from './test-data';

const MEMBERSHIP = '/api/informacion/membership';
const CANCEL = '/api/informacion/membership/cancel';

describe('MembershipCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should show an active membership: paid through, until when it books, this week and the pause days', async () => {
    stubApi({});
    renderPage(<MembershipCard membership={activeMembership()} />);
    const card = await screen.findByRole('region', { name: '3 por semana' });
    expect(card).toHaveTextContent('Activa');
    expect(card).toHaveTextContent('3 clases por semana · $1,200.00 al mes');
    expect(card).toHaveTextContent('Pagada hasta26 de diciembre de 2026');
    expect(card).toHaveTextContent('Puedes reservar hasta el 26 de enero de 2027');
    expect(card).toHaveTextContent('2 de 3 esta semana');
    expect(card).toHaveTextContent('Te quedan 30 este año');
    expect(within(card).getByRole('button', { name: 'Pausar' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Cancelar membresía' })).toBeInTheDocument();
  });

  it('should show a paused membership with its pause, and no second pause offered', async () => {
    stubApi({});
    renderPage(
      <MembershipCard
        membership={activeMembership({ status: 'paused', pauses: [{ id: 1, from: '2026-12-01', to: '2026-12-07' }] })}
      />,
    );
    const card = await screen.findByRole('region', { name: '3 por semana' });
    expect(card).toHaveTextContent('En pausa');
    expect(card).toHaveTextContent('Del 1 de diciembre de 2026 al 7 de diciembre de 2026');
    expect(within(card).queryByRole('button', { name: 'Pausar' })).not.toBeInTheDocument();
  });

  it('should name the end of a cancelled membership and offer nothing more', async () => {
    stubApi({});
    renderPage(<MembershipCard membership={activeMembership({ status: 'cancelled', cancelsOn: '2026-12-26' })} />);
    const card = await screen.findByRole('region', { name: '3 por semana' });
    expect(card).toHaveTextContent('Cancelada — termina el 26 de diciembre de 2026');
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('should say a new membership waits for its first charge', async () => {
    stubApi({});
    renderPage(
      <MembershipCard membership={activeMembership({ status: 'pending', paidThrough: null, bookableUntil: null })} />,
    );
    const card = await screen.findByRole('region', { name: '3 por semana' });
    expect(card).toHaveTextContent('Pendiente de pago inicial');
    expect(card).toHaveTextContent('Esperando el primer cobro de Mercado Pago');
    expect(card).not.toHaveTextContent('esta semana');
  });

  it('should warn of a failed charge with the card to update and when bookings stop', async () => {
    stubApi({});
    renderPage(
      <MembershipCard
        now={new Date('2026-11-28T12:00:00Z')}
        membership={activeMembership({
          status: 'past_due',
          pastDueSince: '2026-11-27T15:00:00.000Z',
          bookingBlockedFrom: '2026-12-04T15:00:00.000Z',
          updateCardUrl: 'https://www.mercadopago.com.mx/subscriptions/1',
        })}
      />,
    );
    const card = await screen.findByRole('region', { name: '3 por semana' });
    expect(card).toHaveTextContent('Pago pendiente');
    const alert = within(card).getByRole('alert');
    expect(alert).toHaveTextContent('No pudimos cobrar tu membresía este mes.');
    expect(alert).toHaveTextContent('Puedes seguir reservando hasta el 4 de diciembre de 2026 a las 9:00 AM');
    expect(within(alert).getByRole('link', { name: 'Actualizar tarjeta' })).toHaveAttribute(
      'href',
      'https://www.mercadopago.com.mx/subscriptions/1',
    );
  });

  it('should say bookings stopped once the grace is over', async () => {
    stubApi({});
    renderPage(
      <MembershipCard
        now={new Date('2026-12-05T12:00:00Z')}
        membership={activeMembership({ status: 'past_due', bookingBlockedFrom: '2026-12-04T15:00:00.000Z' })}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ya no puedes reservar clases nuevas hasta que se haga el cobro',
    );
  });

  it('should cancel after saying when it takes effect and that nothing more is charged', async () => {
    const fetchMock = stubApi({
      [CANCEL]: () => ({ status: 200, body: activeMembership({ status: 'cancelled', cancelsOn: '2026-12-26' }) }),
    });
    renderPage(<MembershipCard membership={activeMembership()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar membresía' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar tu membresía?' });
    expect(dialog).toHaveTextContent(
      'La cancelación toma efecto el 26 de diciembre de 2026: hasta ese día sigues reservando con tu membresía, y después no se hace ningún cobro más.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, cancelar membresía' }));
    expect(
      await screen.findByText('Cancelaste tu membresía. Sigue vigente hasta el 26 de diciembre de 2026.'),
    ).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, CANCEL)).toHaveLength(1);
  });
});

describe('MyMembership', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should show the card of a client with a membership, and nothing without one', async () => {
    stubApi({ [MEMBERSHIP]: () => ({ status: 200, body: { membership: activeMembership() } }) });
    const first = renderPage(<MyMembership />);
    expect(await screen.findByRole('region', { name: '3 por semana' })).toBeInTheDocument();
    first.unmount();
    stubApi({ [MEMBERSHIP]: () => ({ status: 200, body: { membership: null } }) });
    const { container } = renderPage(<MyMembership />);
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});
