import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ArcoRequestDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { AdminArco } from './admin-arco';
import { NOTE_REQUIRED } from './arco-status-dialog';

const LIST = '/api/admin/arco-requests';

const open: ArcoRequestDto = {
  id: 1,
  folio: 'ARCO-2026-0001',
  name: 'Ana López',
  email: 'ana@example.com',
  right: 'acceso',
  detail: 'Quiero saber qué datos míos tienen.',
  receivedAt: '2026-12-01T18:00:00.000Z',
  dueDate: '2026-12-30',
  status: 'recibida',
  businessDaysLeft: 12,
  overdue: false,
  answeredAt: null,
  responseNote: null,
  hasAccount: false,
};
const late: ArcoRequestDto = {
  ...open,
  id: 2,
  folio: 'ARCO-2026-0002',
  name: 'Berta Ruiz',
  status: 'en_proceso',
  businessDaysLeft: -3,
  overdue: true,
};

const table = () => screen.getByRole('table', { name: 'Solicitudes ARCO' });
const rowOf = (text: string) => within(table()).getByText(text).closest('tr') as HTMLElement;

describe('AdminArco («Solicitudes ARCO»)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should show the business days left, and highlight the overdue ones', async () => {
    stubApi({ [LIST]: () => ({ status: 200, body: { success: true, requests: [open, late] } }) });
    renderPage(<AdminArco />);
    await within(await screen.findByRole('table', { name: 'Solicitudes ARCO' })).findByText('ARCO-2026-0001');
    expect(rowOf('ARCO-2026-0001')).toHaveTextContent('Quedan 12 días hábiles');
    const overdue = within(rowOf('ARCO-2026-0002')).getByText('Vencida hace 3 días hábiles');
    expect(overdue).toHaveClass('text-danger');
    expect(rowOf('ARCO-2026-0002')).toHaveTextContent('En proceso');
  });

  it('should ask for the answer before marking a request answered, then send it', async () => {
    const fetchMock = stubApi({
      [LIST]: () => ({ status: 200, body: { success: true, requests: [open] } }),
      [`${LIST}/1/status`]: () => ({
        status: 200,
        body: { success: true, request: { ...open, status: 'respondida', responseNote: 'Listo.' } },
      }),
    });
    renderPage(<AdminArco />);
    await within(await screen.findByRole('table', { name: 'Solicitudes ARCO' })).findByText('ARCO-2026-0001');
    await userEvent.click(
      within(rowOf('ARCO-2026-0001')).getByRole('button', { name: 'Cambiar estado de ARCO-2026-0001' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar estado' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Respondida' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar estado' }));
    expect(await within(dialog).findByText(NOTE_REQUIRED)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Respuesta/ }), 'Te enviamos tus datos.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar estado' }));
    await vi.waitFor(() =>
      expect(bodiesSentTo(fetchMock, `${LIST}/1/status`)).toEqual([
        { status: 'respondida', responseNote: 'Te enviamos tus datos.' },
      ]),
    );
  });
});
