import '@/components/ui/test-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpenCoverRequestDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { CoverRequestsPanel } from './cover-requests-panel';

const LIST = '/api/admin/cover-requests';
const APPROVE = '/api/admin/cover-requests/approve';
const DECLINE = '/api/admin/cover-requests/decline';
const INSTRUCTORS = '/api/instructores';

const request: OpenCoverRequestDto = {
  id: 7,
  scheduleId: 4,
  date: '2026-12-01',
  time: '8:00 AM',
  instructorId: 1,
  instructor: 'Ana Maestra',
  note: 'Cita médica',
  requestedAt: '2026-11-27T15:00:00.000Z',
};

const instructors = [
  { id: 1, name: 'Ana Maestra', slug: 'ana-maestra', photoUrl: null, bio: '', specialties: [] },
  { id: 2, name: 'Luis Maestro', slug: 'luis-maestro', photoUrl: null, bio: '', specialties: [] },
];

afterEach(() => vi.unstubAllGlobals());

describe('Peticiones de suplente (Horario)', () => {
  it('should list the open requests and approve one with a substitute other than the one who asked', async () => {
    let open = [request];
    const fetchMock = stubApi({
      [LIST]: () => ({ status: 200, body: { success: true, data: open } }),
      [INSTRUCTORS]: () => ({ status: 200, body: instructors }),
      [APPROVE]: () => {
        open = [];
        return {
          status: 200,
          body: { success: true, message: 'Aprobada: Luis Maestro da la clase. Avisamos a 2 clientes.' },
        };
      },
    });
    renderPage(<CoverRequestsPanel />);
    const item = (await screen.findByText(/Ana Maestra · martes 1 de diciembre de 2026, 8:00 AM/)).closest('li')!;
    expect(within(item).getByText('Nota: Cita médica')).toBeInTheDocument();

    await userEvent.click(within(item).getByRole('button', { name: 'Aprobar' }));
    expect(within(item).getByText('Elige quién da la clase')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, APPROVE)).toEqual([]);

    await userEvent.click(within(item).getByRole('combobox', { name: /Suplente/ }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Luis Maestro']);
    await userEvent.click(screen.getByRole('option', { name: 'Luis Maestro' }));
    await userEvent.click(within(item).getByRole('button', { name: 'Aprobar' }));
    expect(bodiesSentTo(fetchMock, APPROVE)).toEqual([{ id: 7, substituteId: 2 }]);
    expect(await screen.findByText('No hay peticiones abiertas.')).toBeInTheDocument();
  });

  it('should decline a request', async () => {
    let open = [request];
    const fetchMock = stubApi({
      [LIST]: () => ({ status: 200, body: { success: true, data: open } }),
      [INSTRUCTORS]: () => ({ status: 200, body: instructors }),
      [DECLINE]: () => {
        open = [];
        return {
          status: 200,
          body: { success: true, message: 'Rechazaste la petición: la clase sigue con su instructor.' },
        };
      },
    });
    renderPage(<CoverRequestsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rechazar' }));
    expect(bodiesSentTo(fetchMock, DECLINE)).toEqual([{ id: 7 }]);
    await waitFor(() => expect(screen.getByText('No hay peticiones abiertas.')).toBeInTheDocument());
  });
});
