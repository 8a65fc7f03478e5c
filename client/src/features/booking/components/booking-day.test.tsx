import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, findToast, renderWithProviders, slot, stubApi, type ApiHandlers } from '../test-utils';
import { studioQueryOptions } from '@/lib/studio-clock';
import { studioAnswer } from '@/test/studio-answer';
import { useState } from 'react';
import { BookingDay } from './booking-day';
import { PlanSummary } from './plan-summary';

const DATE = '2026-11-30';
const GET = '/api/reservations/get-information';
const PUSH = '/api/reservations/push-reservation';
const PLANES = '/api/planes/get-planes';
const CHECKOUT = '/api/mercadopago';
const STUDIO = studioAnswer();

const catalogue = [
  { id: 1, name: 'Una Clase', classes: 1, price: 220, commission: 9.45, total: 229.45 },
  { id: 2, name: 'Cuatro Clases', classes: 4, price: 800, commission: 31.84, total: 831.84 },
  { id: 3, name: 'Ocho Clases', classes: 8, price: 1500, commission: 59.7, total: 1559.7 },
];

function renderDay(handlers: ApiHandlers, { isGuest = false } = {}) {
  const api = stubApi({
    [GET]: () => [200, { success: true, date: DATE, data: [slot({ scheduleId: 5, time: '8:00 AM' })] }],
    [PLANES]: () => [200, { success: true, planes: catalogue }],
    ...handlers,
  });
  const onRequireLogin = vi.fn();
  const view = renderWithProviders(<BookingDay date={DATE} isGuest={isGuest} onRequireLogin={onRequireLogin} />);
  return { ...api, ...view, onRequireLogin };
}

const reservar = () => screen.findByRole('button', { name: 'Reservar' });
const BOOKED = { success: true, message: '¡Has reservado con éxito!', reservationId: 9 };
const LATE =
  '¡Has reservado con éxito! Reservaste dentro del límite: esta clase ya no se puede cancelar ni vuelve a tu plan.';

describe('BookingDay', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should book, show the success toast and reload the day', async () => {
    let booked = false;
    const { sentTo, queryClient } = renderDay({
      [GET]: () => [
        200,
        {
          success: true,
          date: DATE,
          data: [
            slot({ scheduleId: 5, time: '8:00 AM', reservedCount: booked ? 4 : 3, myReservationId: booked ? 9 : null }),
          ],
        },
      ],
      [PUSH]: () => {
        booked = true;
        return [201, { ...BOOKED, cancellable: true, cancelUntil: '2026-11-30T20:00:00.000Z' }];
      },
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    await userEvent.click(await reservar());
    // The deadline is the server's answer: the rule it applies when cancelling.
    expect(
      await findToast('¡Has reservado con éxito! Cancela sin costo hasta el lunes 30 de noviembre, 2:00 PM.'),
    ).toBeInTheDocument();
    expect(sentTo(PUSH)).toEqual([{ date: DATE, classReservation: 5 }]);
    expect(await screen.findByText('Reservada')).toBeInTheDocument();
    expect(screen.getByText('4 lugares disponibles')).toBeInTheDocument();
    expect(sentTo(GET)).toEqual([{ date: DATE }, { date: DATE }]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/informacion/get-clases'] });
  });

  it('should book once, with one toast, when the page remounts while the booking is in flight', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    const { sentTo } = stubApi({
      [GET]: () => [200, { success: true, date: DATE, data: [slot({ scheduleId: 5, time: '8:00 AM' })] }],
      [PUSH]: () => new Promise<[number, unknown]>((resolve) => (answer = resolve)),
    });
    let remount: () => void = () => undefined;
    function Page() {
      const [generation, setGeneration] = useState(0);
      remount = () => setGeneration((current) => current + 1);
      return <BookingDay key={generation} date={DATE} isGuest={false} onRequireLogin={() => undefined} />;
    }
    renderWithProviders(<Page />);
    fireEvent.click(await reservar());
    await waitFor(() => expect(sentTo(PUSH)).toHaveLength(1));

    // A new instance of the day (the page drawn again): the booking in flight is still its own.
    act(() => remount());
    const again = await screen.findByRole('button', { name: /Reservando/ });
    fireEvent.click(again);
    expect(sentTo(PUSH)).toHaveLength(1);

    await act(async () => answer([201, { ...BOOKED, cancellable: false, cancelUntil: '2026-11-30T20:00:00.000Z' }]));
    expect(await findToast(LATE)).toBeInTheDocument();
    await new Promise((done) => setTimeout(done, 50));
    expect(screen.getAllByText(LATE)).toHaveLength(1);
    expect(sentTo(PUSH)).toHaveLength(1);
  });

  it("should refresh the plan's classes left above the calendar after booking, without a reload", async () => {
    let left = 5;
    const plans = () => [
      200,
      {
        success: true,
        planes: [
          {
            id: 3,
            plan: 'Ocho Clases',
            classes_total: 8,
            classes_remaining: left,
            startDate: '2026-11-01',
            endDate: '2026-11-30',
            is_paid: 1,
            revoked: false,
          },
        ],
        pagination: {},
      },
    ];
    stubApi({
      [GET]: () => [200, { success: true, date: DATE, data: [slot({ scheduleId: 5, time: '8:00 AM' })] }],
      '/api/informacion/get-planes': () => plans() as [number, unknown],
      [PUSH]: () => {
        left -= 1;
        return [201, { ...BOOKED, cancellable: false, cancelUntil: '2026-11-30T20:00:00.000Z' }];
      },
    });
    renderWithProviders(
      <>
        <PlanSummary date={DATE} />
        <BookingDay date={DATE} isGuest={false} onRequireLogin={() => undefined} />
      </>,
    );
    expect(await screen.findByText(/te quedan 5 clases/)).toBeInTheDocument();
    await userEvent.click(await reservar());
    expect(await screen.findByText(/te quedan 4 clases/)).toBeInTheDocument();
  });

  it("should count a member's week above the calendar, refuse the fourth class with the server's words and count again", async () => {
    let used = 2;
    const weekly = 'Ya usaste tus 3 clases de esta semana con tu membresía.';
    const membershipBodies: unknown[] = [];
    const membership = (body: unknown) => {
      membershipBodies.push(body);
      return [
        200,
        {
          membership: {
            id: 7,
            planName: '3 por semana',
            weeklyLimit: 3,
            dailyLimit: 1,
            status: 'active',
            totalCents: 120000,
            paidThrough: '2026-12-26',
            bookableUntil: '2027-01-26',
            cancelsOn: null,
            pastDueSince: null,
            bookingBlockedFrom: null,
            pauses: [],
            pauseDaysLeftThisYear: 30,
            updateCardUrl: null,
            week: { start: DATE, end: '2026-12-06', used, limit: 3 },
          },
        },
      ] as [number, unknown];
    };
    stubApi({
      [GET]: () => [200, { success: true, date: DATE, data: [slot({ scheduleId: 5, time: '8:00 AM' })] }],
      '/api/informacion/get-planes': () => [200, { success: true, planes: [], pagination: {} }],
      '/api/informacion/membership': membership,
      [PUSH]: () => {
        if (used >= 3) return [409, errorBody('WEEKLY_LIMIT_REACHED', weekly)];
        used += 1;
        return [201, { ...BOOKED, cancellable: true, cancelUntil: '2026-11-30T20:00:00.000Z' }];
      },
    });
    renderWithProviders(
      <>
        <PlanSummary date={DATE} />
        <BookingDay date={DATE} isGuest={false} onRequireLogin={() => undefined} />
      </>,
    );
    expect(await screen.findByText('2 de 3 esta semana')).toBeInTheDocument();
    // Asked by the week's Monday: every day of the week shares the answer.
    expect(membershipBodies[0]).toEqual({ date: DATE });
    expect(screen.queryByRole('button', { name: 'Comprar un plan' })).not.toBeInTheDocument();
    await userEvent.click(await reservar());
    expect(await screen.findByText('3 de 3 esta semana')).toBeInTheDocument();
    await userEvent.click(await reservar());
    expect(await findToast(weekly)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should open the out-of-range dialog on DATE_OUT_OF_PLAN, with the plan dates and Comprar un plan', async () => {
    renderDay({
      [PUSH]: () => [409, errorBody('DATE_OUT_OF_PLAN', 'La fecha está fuera del plan.')],
      '/api/informacion/get-planes': () => [
        200,
        {
          success: true,
          planes: [
            {
              id: 3,
              plan: 'Ocho Clases',
              classes_total: 8,
              classes_remaining: 4,
              startDate: '2026-10-01',
              endDate: '2026-10-31',
              is_paid: 1,
              revoked: false,
            },
          ],
          pagination: {},
        },
      ],
    });
    await userEvent.click(await reservar());
    const dialog = await screen.findByRole('dialog', { name: 'La fecha está fuera del rango del plan' });
    expect(screen.queryByRole('dialog', { name: 'Contrata un plan' })).not.toBeInTheDocument();
    expect(
      await within(dialog).findByText('Ocho Clases: del 1 de octubre de 2026 al 31 de octubre de 2026'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByText('Cerrar'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(await reservar());
    const again = await screen.findByRole('dialog', { name: 'La fecha está fuera del rango del plan' });
    await userEvent.click(within(again).getByRole('button', { name: 'Comprar un plan' }));
    expect(await screen.findByRole('dialog', { name: 'Contrata un plan' })).toBeInTheDocument();
  });

  it('should open the plan dialog on NO_CLASSES_LEFT and lead to Mercado Pago', async () => {
    const { sentTo } = renderDay({
      [PUSH]: () => [409, errorBody('NO_CLASSES_LEFT', 'No tienes clases disponibles en tu plan.')],
      [CHECKOUT]: () => [
        502,
        errorBody('PAYMENT_PROVIDER_ERROR', 'No pudimos conectar con Mercado Pago. Intenta de nuevo en unos minutos.'),
      ],
    });
    await userEvent.click(await reservar());
    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    expect(dialog).toHaveTextContent('No tienes clases disponibles en tu plan.');
    // The class survives the purchase: the return from the checkout offers to book it.
    expect(JSON.parse(sessionStorage.getItem('pilates.chosen-class')!)).toEqual({
      date: DATE,
      scheduleId: 5,
      time: '8:00 AM',
      spot: null,
    });
    expect(await within(dialog).findByRole('heading', { name: 'Ocho Clases' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    const card = within(dialog).getByRole('heading', { name: 'Ocho Clases' }).closest('li')!;
    expect(card).toHaveTextContent('8 clases');
    expect(card).toHaveTextContent('$1,500.00 más $59.70 de comisión');

    await userEvent.click(within(card).getByRole('button', { name: 'Comprar Plan' }));
    const summary = within(dialog).getByRole('region', { name: 'Ocho Clases' });
    expect(summary).toHaveTextContent('Total$1,559.70');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pagar con Mercado Pago' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No pudimos conectar con Mercado Pago.');
    // The class's reformer is held while paying ("Cualquiera" here: no reformer named).
    expect(sentTo(CHECKOUT)).toEqual([{ planId: 3, hold: { date: DATE, scheduleId: 5 } }]);
    expect(within(dialog).getAllByText('Cerrar').length).toBeGreaterThan(0);
  });

  it('should show a spinner in the plan dialog while the plans load', async () => {
    renderDay({
      [PUSH]: () => [409, errorBody('NO_CLASSES_LEFT', 'No tienes clases disponibles en tu plan.')],
      [PLANES]: () => new Promise(() => undefined),
    });
    await userEvent.click(await reservar());
    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Cargando los planes…');
  });

  it('should show any other refusal in a red toast and reload the day', async () => {
    const { sentTo } = renderDay({ [PUSH]: () => [409, errorBody('CLASS_FULL', 'La clase está llena')] });
    await userEvent.click(await reservar());
    expect(await findToast('La clase está llena')).toBeInTheDocument();
    await waitFor(() => expect(sentTo(GET)).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("should show the strike rule's refusal whole: why, until when and whom to write to", async () => {
    const blocked =
      'Tu reserva en línea está pausada hasta el lunes 30 de noviembre de 2026 por 2 inasistencias en 30 días. ' +
      'Escríbenos por WhatsApp al 722 123 4567 si crees que es un error.';
    renderDay({ [PUSH]: () => [403, errorBody('BOOKING_BLOCKED', blocked)] });
    await userEvent.click(await reservar());
    expect(await findToast(blocked)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("should say above the day's classes when the strike rule paused the client's booking", async () => {
    const message =
      'Tu reserva en línea está pausada hasta el lunes 30 de noviembre de 2026 por 2 inasistencias en 30 días. ' +
      'Escríbenos por WhatsApp al 722 123 4567 si crees que es un error.';
    renderDay({
      [GET]: () => [
        200,
        {
          success: true,
          date: DATE,
          data: [slot({ scheduleId: 5, time: '8:00 AM' })],
          bloqueo: { until: DATE, message },
        },
      ],
    });
    expect(await screen.findByRole('note')).toHaveTextContent(message);
  });

  it('should show no notice while booking is not paused', async () => {
    renderDay({});
    await reservar();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('should send a guest to log in instead of booking', async () => {
    const { sentTo, onRequireLogin, queryClient } = renderDay({}, { isGuest: true });
    await userEvent.click(await reservar());
    expect(onRequireLogin).toHaveBeenCalledOnce();
    expect(sentTo(PUSH)).toEqual([]);
    // The cancellation deadline is for a logged-in client, even once the studio's window is known.
    act(() => queryClient.setQueryData(studioQueryOptions.queryKey, STUDIO));
    await new Promise((done) => setTimeout(done, 20));
    expect(screen.getByText('8:00 AM')).toBeInTheDocument();
    expect(screen.queryByText(/Cancela sin costo/)).not.toBeInTheDocument();
  });

  it('should tell a logged-in client until when an open class can be cancelled for free (the server answer)', async () => {
    renderDay({
      [GET]: () => [
        200,
        {
          success: true,
          date: DATE,
          data: [slot({ scheduleId: 5, time: '8:00 PM', cancellable: true, cancelUntil: '2026-11-30T14:00:00.000Z' })],
        },
      ],
    });
    // The policy in force, before booking: the free deadline in studio time, then what releasing does.
    expect(
      await screen.findByText(
        'Cancela sin costo hasta el lunes 30 de noviembre, 8:00 AM. Después puedes liberar tu lugar, pero la clase no se devuelve a tu plan.',
      ),
    ).toBeInTheDocument();
  });

  it('should warn before booking a class inside the window that cancelling it gives nothing back', async () => {
    renderDay({
      [GET]: () => [
        200,
        {
          success: true,
          date: DATE,
          data: [slot({ scheduleId: 5, time: '8:00 PM', cancellable: false, cancelUntil: '2026-11-30T14:00:00.000Z' })],
        },
      ],
    });
    expect(
      await screen.findByText(
        'Reservas dentro del límite para cancelar sin costo: puedes liberar tu lugar, pero la clase no se devuelve a tu plan.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Cancela sin costo/)).not.toBeInTheDocument();
  });

  it('should offer "Liberar lugar" instead of Cancelar on my own class past its deadline, say so in its row and release it', async () => {
    const RELEASE = '/api/reservations/release-spot';
    const { sentTo } = renderDay({
      [RELEASE]: () => [
        200,
        { success: true, message: 'Liberaste tu lugar. La clase no se devolvió a tu plan.', refunded: false },
      ],
      [GET]: () => [
        200,
        {
          success: true,
          date: DATE,
          data: [
            slot({
              scheduleId: 5,
              time: '8:00 PM',
              myReservationId: 41,
              cancellable: false,
              cancelUntil: '2026-11-30T14:00:00.000Z',
            }),
          ],
        },
      ],
    });
    expect(
      await screen.findByText(
        'Ya no se puede cancelar sin costo: el límite era el lunes 30 de noviembre, 8:00 AM. Puedes liberar tu lugar, pero la clase no se devuelve a tu plan.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Reservada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
    // The same dialog as Mis clases: it says the class is not returned, and releases the place.
    await userEvent.click(screen.getByRole('button', { name: 'Liberar lugar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Liberar tu lugar?' });
    expect(dialog).toHaveTextContent('Si liberas tu lugar, la clase no se devuelve a tu plan.');
    expect(within(dialog).queryByRole('button', { name: 'Sí, cancelar' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Liberar lugar' }));
    expect(await findToast('Liberaste tu lugar. La clase no se devolvió a tu plan.')).toBeInTheDocument();
    expect(sentTo(RELEASE)).toEqual([{ id: 41 }]);
  });

  it('should say when the day has no classes', async () => {
    renderDay({ [GET]: () => [200, { success: true, date: DATE, data: [] }] });
    expect(await screen.findByText('No hay clases el día de hoy')).toBeInTheDocument();
  });

  it('should book once, with one toast, when Reservar is tapped twice', async () => {
    let answer: () => void = () => undefined;
    const { sentTo } = renderDay({
      [PUSH]: () =>
        new Promise((resolve) => {
          answer = () => resolve([201, { ...BOOKED, cancellable: false, cancelUntil: '2026-11-30T02:00:00.000Z' }]);
        }),
    });
    const button = await reservar();
    // Two taps in the same instant, before the button can re-render disabled.
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(sentTo(PUSH)).toHaveLength(1));
    answer();
    expect(await findToast(LATE)).toBeInTheDocument();
    await waitFor(() => expect(sentTo(PUSH)).toHaveLength(1));
    expect(screen.getAllByText(LATE)).toHaveLength(1);
  });

  it('should fold the classes that started under "Clases anteriores"', async () => {
    renderDay({
      [GET]: () => [
        200,
        {
          success: true,
          date: DATE,
          data: [slot({ scheduleId: 1, time: '7:00 AM', isPastClass: true }), slot({ scheduleId: 5, time: '8:00 PM' })],
        },
      ],
    });
    const earlier = await screen.findByText('Clases anteriores (1)');
    const details = earlier.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    expect(within(details).getByText('7:00 AM')).toBeInTheDocument();
    expect(screen.getByText('8:00 PM').closest('details')).toBeNull();
  });

  it('should cancel my own class from its row, after saying until when it is free', async () => {
    const CANCEL = '/api/reservations/cancel-reservation';
    const STUDIO = '/api/studio';
    const { sentTo } = renderDay({
      [GET]: () => [
        200,
        {
          success: true,
          date: DATE,
          data: [
            slot({
              scheduleId: 5,
              time: '8:00 PM',
              myReservationId: 41,
              cancellable: true,
              cancelUntil: '2026-11-30T14:00:00.000Z',
            }),
          ],
        },
      ],
      [STUDIO]: () => [200, { success: true, timeZone: 'America/Mexico_City', cancelHours: 12 }],
      [CANCEL]: () => [200, { success: true, message: 'ok' }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog', { name: /¿Cancelar tu clase del lunes 30 de noviembre de 2026/ });
    // The server's deadline: 8:00 PM less 12 hours.
    expect(dialog).toHaveTextContent('Cancela sin costo hasta el lunes 30 de noviembre, 8:00 AM');
    expect(
      screen.getByText('Cancela sin costo hasta el lunes 30 de noviembre, 8:00 AM; la clase vuelve a tu plan.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
    expect(await findToast('Cancelaste tu clase. La clase volvió a tu plan.')).toBeInTheDocument();
    expect(sentTo(CANCEL)).toEqual([{ id: 41 }]);
  });
});
