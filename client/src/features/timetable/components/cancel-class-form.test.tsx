import '@/components/ui/test-polyfills';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SlotDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { CANCEL_CLASS_WARNING, CancelClassForm } from './cancel-class-form';

const GET_INFORMATION = '/api/reservations/get-information';
const CANCEL_CLASS = '/api/reservations/cancel-class';

const slot = (scheduleId: number, time: string, extra: Partial<SlotDto> = {}): SlotDto => ({
  scheduleId,
  classId: null,
  time,
  durationMinutes: 50,
  capacity: 8,
  reservedCount: 0,
  isPastClass: false,
  cancelUntil: '2026-11-24T01:00:00.000Z',
  cancellable: true,
  isCancelled: false,
  instructor: null,
  substitute: false,
  classType: { id: 1, name: 'Pilates Reformer', level: 'basico', levelName: 'Básico', colour: '#1d4ed8' },
  users: '[{"id":null,"name":null}]',
  myReservationId: null,
  waitlistCount: 0,
  myWaitlistPosition: null,
  myWaitlistId: null,
  spots: [],
  ...extra,
});

// Out of order on purpose: the list shows them by time of day.
const slots = [
  slot(4, '10:00 AM'),
  slot(3, '9:00 AM', { isCancelled: true, classId: 21 }),
  slot(5, '6:00 PM'),
  slot(1, '7:00 AM', { isPastClass: true }),
  slot(2, '8:00 AM', { reservedCount: 3, classId: 20 }),
];

describe('CancelClassForm', () => {
  it('should list the classes of the chosen date and cancel one after confirming', async () => {
    const fetchMock = stubApi({
      [GET_INFORMATION]: (body) => ({
        status: 200,
        body: { success: true, date: (body as { date: string }).date, data: slots },
      }),
      [CANCEL_CLASS]: () => ({
        status: 200,
        body: {
          success: true,
          message: 'Clase cancelada. Se avisó a 3 clientes y sus clases volvieron a sus planes.',
          cancelledReservations: 3,
        },
      }),
    });
    renderPage(<CancelClassForm />);

    fireEvent.change(await screen.findByLabelText(/Fecha/), { target: { value: '2030-03-05' } });
    await userEvent.click(await screen.findByRole('combobox', { name: /Clase/ }));
    await screen.findByRole('option', { name: '7:00 AM · ya comenzó' });
    expect(screen.getAllByRole('option').map((option) => option.textContent?.split(' · ')[0])).toEqual([
      '7:00 AM',
      '8:00 AM',
      '9:00 AM',
      '10:00 AM',
      '6:00 PM',
    ]);
    expect(screen.getByRole('option', { name: '7:00 AM · ya comenzó' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: '9:00 AM · cancelada' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('option', { name: '8:00 AM · 3/8 reservados' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar clase' }));

    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar esta clase?' });
    expect(dialog).toHaveTextContent('martes 5 de marzo de 2030, 8:00 AM · 3 reservas');
    expect(dialog).toHaveTextContent(CANCEL_CLASS_WARNING);
    expect(bodiesSentTo(fetchMock, CANCEL_CLASS)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, cancelar clase' }));
    expect(
      await screen.findByText('Clase cancelada. Se avisó a 3 clientes y sus clases volvieron a sus planes.'),
    ).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, CANCEL_CLASS)).toEqual([{ date: '2030-03-05', scheduleId: 2 }]);
    expect(bodiesSentTo(fetchMock, GET_INFORMATION)).toContainEqual({ date: '2030-03-05' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should ask for a class before confirming', async () => {
    stubApi({ [GET_INFORMATION]: () => ({ status: 200, body: { success: true, date: '2030-03-05', data: slots } }) });
    renderPage(<CancelClassForm />);

    await screen.findByRole('combobox', { name: /Clase/ });
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar clase' }));
    expect(screen.getByRole('combobox', { name: /Clase/ })).toHaveAccessibleDescription(
      'Elige la clase que quieres cancelar',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should say when the date has no classes', async () => {
    stubApi({ [GET_INFORMATION]: () => ({ status: 200, body: { success: true, date: '2030-03-10', data: [] } }) });
    renderPage(<CancelClassForm />);
    expect(await screen.findByText('No hay clases ese día')).toBeInTheDocument();
  });
});
