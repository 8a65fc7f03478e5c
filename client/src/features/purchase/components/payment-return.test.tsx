import '@/components/ui/test-polyfills';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { CONFIRM, purchase } from '../test-data';
import { rememberChosenClass } from '../chosen-class';
import { PAID_WITH_BALANCE_MESSAGE, PaidWithBalanceBanner, PaymentReturn } from './payment-return';

function renderReturn(
  answer: { status: number; body: unknown },
  { paymentId }: { paymentId?: string } = { paymentId: '1234567' },
) {
  const fetchMock = stubApi({ [CONFIRM]: () => answer });
  const onConfirmed = vi.fn();
  const onRetry = vi.fn();
  const view = renderPage(<PaymentReturn paymentId={paymentId} onConfirmed={onConfirmed} onRetry={onRetry} />);
  return { ...view, fetchMock, onConfirmed, onRetry };
}

const confirmed = (overrides: Parameters<typeof purchase>[0], booked: unknown = null) => ({
  status: 200,
  body: { success: true, purchase: purchase(overrides), booked },
});

describe('PaymentReturn', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should confirm an approved payment once, refresh the plans and offer to book', async () => {
    const { fetchMock, onConfirmed, queryClient, rerender } = renderReturn(confirmed({ status: 'approved' }));
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    const banner = await screen.findByText('¡Listo! Tu plan Cuatro Clases ya está activo.');
    expect(banner.closest('[data-outcome]')).toHaveAttribute('data-outcome', 'approved');
    expect(screen.getByRole('link', { name: 'Reservar una clase' })).toHaveAttribute('href', '/pilates/reservar');
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledOnce());
    expect(bodiesSentTo(fetchMock, CONFIRM)).toEqual([{ payment_id: '1234567' }]);
    await waitFor(() => {
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/informacion/get-planes'] });
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/mercadopago/purchases'] });
    });

    // The page re-renders (the URL lost its params): no second confirmation.
    rerender(<></>);
    expect(bodiesSentTo(fetchMock, CONFIRM)).toHaveLength(1);
  });

  it('should say a payment is pending, with the OXXO deadline in studio time', async () => {
    renderReturn(confirmed({ status: 'pending', expiresAt: '2026-12-01T05:59:00.000Z', userPlanId: null }));
    const banner = (await screen.findByText(/^Tu pago está pendiente/)).closest('[data-outcome]');
    expect(banner).toHaveAttribute('data-outcome', 'pending');
    expect(banner).toHaveTextContent('Tu plan Cuatro Clases se activará en cuanto Mercado Pago lo apruebe.');
    expect(banner).toHaveTextContent('Tienes hasta el 30 de noviembre de 2026 a las 11:59 PM');
    expect(screen.queryByRole('link', { name: 'Reservar una clase' })).not.toBeInTheDocument();
  });

  it('should say a rejected payment charged nothing and offer to try again', async () => {
    const { onRetry, onConfirmed } = renderReturn(confirmed({ status: 'rejected', userPlanId: null }));
    const text = await screen.findByText('El pago no se completó. No se hizo ningún cargo.');
    expect(text.closest('[data-outcome]')).toHaveAttribute('data-outcome', 'failed');
    await userEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(onConfirmed).toHaveBeenCalledOnce();
  });

  it('should explain when the payment cannot be checked, and still clean the URL', async () => {
    const { onConfirmed } = renderReturn({
      status: 404,
      body: { success: false, code: 'PAYMENT_NOT_FOUND', error: 'No encontramos ese pago.' },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos confirmar tu pago.');
    expect(alert).toHaveTextContent('No encontramos ese pago.');
    expect(onConfirmed).toHaveBeenCalledOnce();
  });

  it('should show nothing and call nothing without a payment_id', async () => {
    const { fetchMock } = renderReturn(confirmed({}), {});
    await new Promise((done) => setTimeout(done, 50));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should bring the client back to the class chosen before the purchase and book it', async () => {
    rememberChosenClass({ date: '2030-03-04', scheduleId: 12, time: '7:00 AM' });
    const fetchMock = stubApi({
      [CONFIRM]: () => confirmed({ status: 'approved' }),
      '/api/reservations/push-reservation': () => ({
        status: 201,
        body: {
          success: true,
          message: '¡Has reservado con éxito!',
          reservationId: 5,
          cancellable: true,
          cancelUntil: '2026-11-24T01:00:00.000Z',
        },
      }),
    });
    const { router } = renderPage(<PaymentReturn paymentId="1234567" onConfirmed={vi.fn()} onRetry={vi.fn()} />);

    expect(
      await screen.findByText('Tu clase del lunes 4 de marzo de 2030 a las 7:00 AM te espera.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reservar una clase' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reservar esta clase' }));

    expect(
      await screen.findByText('¡Has reservado con éxito! Cancela sin costo hasta el lunes 23 de noviembre, 7:00 PM.'),
    ).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/reservations/push-reservation')).toEqual([
      { date: '2030-03-04', classReservation: 12 },
    ]);
    await waitFor(() => expect(router.state.location.search).toEqual({ fecha: '2030-03-04' }));
    expect(router.state.location.pathname).toBe('/pilates/reservar');
    // Booked once: the next return offers the plain link again.
    expect(sessionStorage.getItem('pilates.chosen-class')).toBeNull();
  });

  it('should say the class was booked on the reformer held during the checkout, offering no "Reservar"', async () => {
    rememberChosenClass({ date: '2030-03-05', scheduleId: 12, time: '7:00 AM', spot: { id: 4, label: 'Reformer 4' } });
    const fetchMock = stubApi({
      [CONFIRM]: () =>
        confirmed(
          { status: 'approved' },
          { reservationId: 31, date: '2030-03-05', time: '7:00 AM', spot: { id: 4, label: 'Reformer 4' } },
        ),
    });
    renderPage(<PaymentReturn paymentId="1234567" onConfirmed={vi.fn()} onRetry={vi.fn()} />);

    expect(
      await screen.findByText('Tu clase del martes 5 de marzo de 2030 a las 7:00 AM quedó reservada en Reformer 4.'),
    ).toBeInTheDocument();
    expect(screen.getByText('¡Listo! Tu plan Cuatro Clases ya está activo.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reservar esta clase' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver mi clase' })).toHaveAttribute(
      'href',
      '/pilates/reservar?fecha=2030-03-05',
    );
    expect(bodiesSentTo(fetchMock, '/api/reservations/push-reservation')).toEqual([]);
    // Nothing left to offer on a later return.
    await waitFor(() => expect(sessionStorage.getItem('pilates.chosen-class')).toBeNull());
  });

  it('should offer "Reservar esta clase" as before when the hold lapsed (nothing booked)', async () => {
    rememberChosenClass({ date: '2030-03-05', scheduleId: 12, time: '7:00 AM', spot: { id: 4, label: 'Reformer 4' } });
    stubApi({ [CONFIRM]: () => confirmed({ status: 'approved' }, null) });
    renderPage(<PaymentReturn paymentId="1234567" onConfirmed={vi.fn()} onRetry={vi.fn()} />);
    expect(
      await screen.findByText('Tu clase del martes 5 de marzo de 2030 a las 7:00 AM te espera.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reservar esta clase' })).toBeInTheDocument();
    expect(screen.queryByText(/quedó reservada/)).not.toBeInTheDocument();
  });
});

describe('PaidWithBalanceBanner', () => {
  it('should say the gift balance paid the plan, confirm nothing, and offer to book', async () => {
    const fetchMock = stubApi({});
    renderPage(<PaidWithBalanceBanner />);
    const banner = (await screen.findByText(PAID_WITH_BALANCE_MESSAGE)).closest('[data-outcome]');
    expect(banner).toHaveAttribute('data-outcome', 'approved');
    expect(screen.getByRole('link', { name: 'Reservar una clase' })).toHaveAttribute('href', '/pilates/reservar');
    expect(bodiesSentTo(fetchMock, CONFIRM)).toEqual([]);
  });
});
