import '@/components/ui/test-polyfills';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SlotDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { SubstituteForm } from './substitute-form';

const GET_INFORMATION = '/api/reservations/get-information';
const INSTRUCTORS = '/api/instructores';
const SET_ONE = '/api/reservations/set-substitute';
const SET_RANGE = '/api/reservations/set-substitutes';

const slot = (scheduleId: number, time: string, extra: Partial<SlotDto> = {}): SlotDto => ({
  scheduleId,
  classId: null,
  time,
  durationMinutes: 50,
  capacity: 8,
  reservedCount: 2,
  isPastClass: false,
  cancelUntil: '2026-11-24T01:00:00.000Z',
  cancellable: true,
  isCancelled: false,
  instructor: 'Luis',
  instructorId: 1,
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

const slots = [slot(2, '8:00 AM'), slot(1, '7:00 AM', { instructor: 'Ana', instructorId: 2, substitute: true })];
const instructors = [
  { id: 1, name: 'Luis', slug: 'luis', photoUrl: null, bio: '', specialties: [] },
  { id: 2, name: 'Ana', slug: 'ana', photoUrl: null, bio: '', specialties: [] },
];
const done = () => ({
  status: 200,
  body: { success: true, message: 'Suplente puesto. Se avisó a 2 clientes.', classes: 1, told: 2 },
});

function arrange() {
  return stubApi({
    [GET_INFORMATION]: (body) => ({
      status: 200,
      body: { success: true, date: (body as { date: string }).date, data: slots },
    }),
    [INSTRUCTORS]: () => ({ status: 200, body: instructors }),
    [SET_ONE]: done,
    [SET_RANGE]: done,
  });
}

async function choose(label: RegExp, option: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('SubstituteForm ("Poner un suplente")', () => {
  it('should put a substitute on one class of one date, naming who teaches each class now', async () => {
    const fetchMock = arrange();
    renderPage(<SubstituteForm />);
    fireEvent.change(await screen.findByLabelText(/^Fecha/), { target: { value: '2030-03-05' } });
    await userEvent.click(await screen.findByRole('combobox', { name: /Clase/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      '7:00 AM · Ana (suplente)',
      '8:00 AM · Luis',
    ]);
    await userEvent.click(screen.getByRole('option', { name: '8:00 AM · Luis' }));
    await choose(/Suplente/, 'Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Poner suplente' }));
    expect(await screen.findByText('Suplente puesto. Se avisó a 2 clientes.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, SET_ONE)).toEqual([{ scheduleId: 2, date: '2030-03-05', instructorId: 2 }]);
    expect(bodiesSentTo(fetchMock, SET_RANGE)).toEqual([]);
  });

  it('should cover every date of the class until a day, and take a substitute off with «Sin suplente»', async () => {
    const fetchMock = arrange();
    renderPage(<SubstituteForm />);
    fireEvent.change(await screen.findByLabelText(/^Fecha/), { target: { value: '2030-03-05' } });
    await choose(/Clase/, '7:00 AM · Ana (suplente)');
    await choose(/Suplente/, 'Sin suplente (el instructor del horario)');
    fireEvent.change(screen.getByLabelText(/^Hasta/), { target: { value: '2030-03-26' } });
    await userEvent.click(screen.getByRole('button', { name: 'Poner suplente' }));
    expect(await screen.findByText('Suplente puesto. Se avisó a 2 clientes.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, SET_RANGE)).toEqual([
      { scheduleId: 1, from: '2030-03-05', to: '2030-03-26', substituteId: null },
    ]);
  });

  it('should ask for the class and the substitute, and refuse an end before the date, sending nothing', async () => {
    const fetchMock = arrange();
    renderPage(<SubstituteForm />);
    fireEvent.change(await screen.findByLabelText(/^Fecha/), { target: { value: '2030-03-05' } });
    await screen.findByRole('combobox', { name: /Clase/ });
    await userEvent.click(screen.getByRole('button', { name: 'Poner suplente' }));
    expect(screen.getByRole('combobox', { name: /Clase/ })).toHaveAccessibleDescription('Elige la clase');
    await choose(/Clase/, '8:00 AM · Luis');
    await userEvent.click(screen.getByRole('button', { name: 'Poner suplente' }));
    expect(screen.getByRole('combobox', { name: /Suplente/ })).toHaveAccessibleDescription('Elige al suplente');
    await choose(/Suplente/, 'Ana');
    fireEvent.change(screen.getByLabelText(/^Hasta/), { target: { value: '2030-03-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Poner suplente' }));
    expect(screen.getByLabelText(/^Hasta/)).toHaveAccessibleDescription(
      expect.stringContaining('Debe ser la misma fecha o una posterior'),
    );
    expect(bodiesSentTo(fetchMock, SET_ONE)).toEqual([]);
    expect(bodiesSentTo(fetchMock, SET_RANGE)).toEqual([]);
  });
});
