import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import {
  ana,
  approvedPurchase,
  carla,
  paidPlan,
  pagination,
  pastClass,
  purchasesAnswer,
  upcomingClass,
  URLS,
} from '../test-data';
import { ClientPage } from './client-page';

const GET_USER = '/api/admin/get-user';
const GET_USER_WHATSAPP = '/api/admin/get-user-whatsapp';

const classesAnswer =
  (listaEspera: unknown[] = []) =>
  () => ({
    status: 200,
    body: {
      success: true,
      clases: [upcomingClass, pastClass],
      pagination: pagination(1, 1, 2),
      listaEspera,
      asistencia: { attended: 5, noShow: 2 },
    },
  });

function stubClient(user = ana, { waiting = [] as unknown[], purchases = [approvedPurchase] } = {}) {
  return stubApi({
    [GET_USER]: () => ({ status: 200, body: { success: true, user } }),
    [URLS.userPlans]: () => ({
      status: 200,
      body: { success: true, planes: [paidPlan], pagination: pagination(1, 1, 1) },
    }),
    [URLS.userClasses]: classesAnswer(waiting),
    [URLS.purchases]: purchasesAnswer(purchases),
    [GET_USER_WHATSAPP]: () => ({
      status: 200,
      body: {
        success: true,
        whatsapp: { phone: '+52 722 123 4567', textVersion: 1, consentedAt: '2026-11-20T18:00:00.000Z' },
        messages: [
          {
            template: 'recordatorio_clase',
            status: 'read',
            errorCode: null,
            sentAt: '2026-11-22T16:00:00.000Z',
            updatedAt: '2026-11-22T16:05:00.000Z',
          },
          {
            template: 'reserva_confirmada',
            status: 'failed',
            errorCode: 131026,
            sentAt: '2026-11-21T18:30:00.000Z',
            updatedAt: '2026-11-21T18:30:05.000Z',
          },
        ],
      },
    }),
  });
}

describe("a client's page", () => {
  it('should show the client whole: contact, plans and balance, classes with attendance, waitlists and payments', async () => {
    const fetchMock = stubClient(ana, {
      waiting: [{ id: 4, date: '2026-11-26', time: '8:00 AM', instructor: null, position: 2 }],
    });
    renderPage(<ClientPage userId={ana.id} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Ana López' })).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, GET_USER)).toEqual([{ id: ana.id }]);
    expect(screen.getByRole('link', { name: 'ana@example.com' })).toHaveAttribute('href', 'mailto:ana@example.com');
    expect(screen.getByText('Usuario Activo')).toBeInTheDocument();

    const plans = screen.getByRole('region', { name: 'Planes' });
    expect(await within(plans).findAllByText(paidPlan.plan)).not.toHaveLength(0);
    expect(within(plans).getAllByText(`${paidPlan.classes_remaining} de ${paidPlan.classes_total}`)).not.toHaveLength(
      0,
    );

    const classes = screen.getByRole('region', { name: 'Clases' });
    expect((await within(classes).findByText(/Asistencia:/)).closest('p')).toHaveTextContent(
      '5 asistencias · 2 faltas',
    );

    const waitlists = screen.getByRole('region', { name: 'Listas de espera' });
    expect(await within(waitlists).findByText('Lugar 2 en la lista')).toBeInTheDocument();
    expect(within(waitlists).getByText(/jueves 26 de noviembre de 2026 · 8:00 AM/)).toBeInTheDocument();

    const payments = screen.getByRole('region', { name: 'Pagos y reembolsos' });
    expect(
      await within(payments).findByRole('button', { name: `Reembolsar la compra #${approvedPurchase.id}` }),
    ).toBeInTheDocument();
    // Every list is one bounded read, the first page of classes shared with the waitlists.
    expect(bodiesSentTo(fetchMock, URLS.userClasses)).toEqual([{ id: ana.id, pagination: 1, limit: 10 }]);
    expect(screen.getByRole('link', { name: /Ver sus cambios en Auditoría/ })).toHaveAttribute(
      'href',
      `/pilates/auditoria?usuario=${ana.id}`,
    );
  });

  it('should say when there is no waitlist and no payment', async () => {
    stubClient(ana, { purchases: [] });
    renderPage(<ClientPage userId={ana.id} />);
    expect(await screen.findByText('No está en ninguna lista de espera.')).toBeInTheDocument();
    expect(await screen.findByText('Aún no tiene pagos con Mercado Pago.')).toBeInTheDocument();
  });

  it("should open the existing dialogs for the admin's actions, filled with this client", async () => {
    const fetchMock = stubClient(carla);
    renderPage(<ClientPage userId={carla.id} />);
    await screen.findByRole('heading', { level: 1, name: carla.name });
    // Carla is inactive: the action reactivates her.
    await userEvent.click(screen.getByRole('button', { name: 'Reactivar' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(carla.name);
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Editar datos' }));
    const edit = await screen.findByRole('dialog', { name: 'Editar usuario' });
    expect(within(edit).getByLabelText('Nombre')).toHaveValue(carla.name);
    expect(edit).toHaveTextContent('Los campos muestran sus datos actuales');
    await userEvent.keyboard('{Escape}');
    expect(bodiesSentTo(fetchMock, URLS.changeData)).toEqual([]);
  });

  it('should show the server’s answer when the client does not exist', async () => {
    stubApi({
      [GET_USER]: () => ({
        status: 404,
        body: { success: false, code: 'USER_NOT_FOUND', error: 'El usuario no existe.' },
      }),
    });
    renderPage(<ClientPage userId={999} />);
    expect(await screen.findByText('El usuario no existe.')).toBeInTheDocument();
  });

  it('should show the WhatsApp consent and the last messages with their state in studio time', async () => {
    stubClient();
    renderPage(<ClientPage userId={ana.id} />);

    const section = await screen.findByRole('region', { name: 'WhatsApp' });
    expect(await within(section).findByText('+52 722 123 4567')).toBeInTheDocument();
    expect(section).toHaveTextContent('desde el 20 de noviembre de 2026, 12:00 PM');
    const messages = within(section).getByRole('list', { name: 'Últimos mensajes por WhatsApp' });
    const [reminder, confirmation] = within(messages).getAllByRole('listitem');
    expect(reminder).toHaveTextContent('Recordatorio de clase · 22 de noviembre de 2026, 10:00 AM');
    expect(reminder).toHaveTextContent('Leído');
    expect(confirmation).toHaveTextContent('Reserva confirmada');
    expect(confirmation).toHaveTextContent('No entregado: fue por correo (código 131026)');
  });
});
