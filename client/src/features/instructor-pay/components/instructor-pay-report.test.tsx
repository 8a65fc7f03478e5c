import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InstructorPayDto, InstructorPayReportResponseDto, MyPayResponseDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { InstructorPayReport } from './instructor-pay-report';
import { MyPayReport } from './my-pay-report';

const REPORT = '/api/admin/instructor-pay';
const MINE = '/api/instructor/pay';

const ana: InstructorPayDto = {
  instructorId: 3,
  name: 'Ana López',
  rate: { perClassCents: 15000, perAttendeeCents: 2000, attendeeThreshold: 4 },
  classes: [
    {
      classId: 10,
      date: '2026-11-02',
      startTime: '07:00',
      time: '7:00 AM',
      status: 'held',
      substitute: false,
      attendees: 6,
      attendanceTaken: true,
      amountCents: 19000,
    },
    {
      classId: 11,
      date: '2026-11-04',
      startTime: '18:00',
      time: '6:00 PM',
      status: 'held',
      substitute: true,
      attendees: 3,
      attendanceTaken: false,
      amountCents: 15000,
    },
    {
      classId: 12,
      date: '2026-11-09',
      startTime: '07:00',
      time: '7:00 AM',
      status: 'cancelled',
      substitute: false,
      attendees: 0,
      attendanceTaken: false,
      amountCents: 0,
    },
  ],
  classesTaught: 2,
  attendees: 9,
  totalCents: 34000,
};
const beto: InstructorPayDto = {
  instructorId: 4,
  name: 'Beto Ruiz',
  rate: { perClassCents: 12050, perAttendeeCents: 0, attendeeThreshold: 0 },
  classes: [
    {
      classId: 20,
      date: '2026-11-03',
      startTime: '08:00',
      time: '8:00 AM',
      status: 'held',
      substitute: false,
      attendees: 2,
      attendanceTaken: true,
      amountCents: 12050,
    },
  ],
  classesTaught: 1,
  attendees: 2,
  totalCents: 12050,
};
const report = (month: string, instructors: InstructorPayDto[]): InstructorPayReportResponseDto => ({
  success: true,
  month,
  instructors,
  totalCents: instructors.reduce((sum, pay) => sum + pay.totalCents, 0),
});

function AdminHarness() {
  const [month, setMonth] = useState('2026-11');
  return <InstructorPayReport month={month} onMonthChange={setMonth} />;
}

describe('the pay reports ("Pago a instructores", "Mi pago")', () => {
  beforeEach(() => {
    // Friday 27 November 2026 in the studio: the picker offers November first.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T18:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('should show each instructor’s classes, rate and total, the month’s total and its CSV link, and read another month', async () => {
    const fetchMock = stubApi({
      [REPORT]: (body) =>
        (body as { month: string }).month === '2026-11'
          ? { status: 200, body: report('2026-11', [ana, beto]) }
          : { status: 200, body: report('2026-10', []) },
    });
    renderPage(<AdminHarness />);

    const anaSheet = await screen.findByRole('region', { name: 'Ana López' });
    expect(within(anaSheet).getByText('Tarifa: $150.00 por clase + $20.00 por asistente arriba de 4')).toBeVisible();
    const rows = within(within(anaSheet).getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['02/11/2026', '7:00 AM', 'Impartida', '6', '$190.00'],
      ['04/11/2026', '6:00 PM', 'Suplencia', '3 (reservas)', '$150.00'],
      ['09/11/2026', '7:00 AM', 'Cancelada', '—', '$0.00'],
    ]);
    expect(within(anaSheet).getByText(/2 clases · 9 asistentes/)).toBeVisible();
    expect(within(anaSheet).getByText('Total $340.00')).toBeVisible();
    // The phone layout: the same classes as cards.
    const cards = within(anaSheet).getByRole('list', { name: 'Clases de Ana López' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(3);

    const betoSheet = screen.getByRole('region', { name: 'Beto Ruiz' });
    expect(within(betoSheet).getByText('Tarifa: $120.50 por clase')).toBeVisible();
    expect(within(betoSheet).getByText('Total $120.50')).toBeVisible();

    const total = screen.getByRole('region', { name: 'Total del mes' });
    expect(total).toHaveTextContent('2 instructores · 3 clases');
    expect(total).toHaveTextContent('Total del mes: $460.50');
    expect(screen.getByRole('link', { name: 'Descargar CSV' })).toHaveAttribute(
      'href',
      '/api/admin/export/instructor-pay.csv?month=2026-11',
    );

    const picker = screen.getByRole('combobox', { name: 'Mes' });
    expect(picker).toHaveTextContent('Noviembre 2026');
    picker.focus();
    const user = userEvent.setup();
    await user.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText('Ningún instructor dio clases en este mes.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Total del mes' })).toHaveTextContent('Total del mes: $0.00');
    expect(screen.getByRole('link', { name: 'Descargar CSV' })).toHaveAttribute(
      'href',
      '/api/admin/export/instructor-pay.csv?month=2026-10',
    );
    expect(bodiesSentTo(fetchMock, REPORT)).toEqual([{ month: '2026-11' }, { month: '2026-10' }]);
  });

  it('should show an instructor their own month, and the server’s refusal to anyone else', async () => {
    const mine: MyPayResponseDto = { success: true, month: '2026-11', report: beto };
    const fetchMock = stubApi({ [MINE]: () => ({ status: 200, body: mine }) });
    const view = renderPage(<MyPayReport />);
    const sheet = await screen.findByRole('region', { name: 'Tus clases del mes' });
    expect(within(sheet).getByText('Total $120.50')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Descargar CSV' })).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, MINE)).toEqual([{ month: '2026-11' }]);
    view.unmount();

    stubApi({
      [MINE]: () => ({
        status: 403,
        body: { success: false, code: 'FORBIDDEN', error: 'Solo un instructor con perfil en el estudio ve su pago.' },
      }),
    });
    renderPage(<MyPayReport />);
    expect(await screen.findByText('Solo un instructor con perfil en el estudio ve su pago.')).toBeVisible();
  });
});
