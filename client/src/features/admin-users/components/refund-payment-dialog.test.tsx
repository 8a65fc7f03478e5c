import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RefundPaymentDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi, type Handler } from '@/test/page-test-utils';
import {
  approvedPurchase,
  balancePurchase,
  duplicatePurchase,
  mixedPurchase,
  mismatchedPurchase,
  plansAnswer,
  partlyRefundedPurchase,
  purchasesAnswer,
  URLS,
  usersPage,
} from '../test-data';
import { UsersAdmin } from './users-admin';

const refunded: Handler = (body) => ({
  status: 200,
  body: {
    success: true,
    message: 'Reembolso hecho',
    purchase: { ...approvedPurchase, refunded: (body as RefundPaymentDto).amount ?? 1564 },
  },
});

async function openPurchase(id: number) {
  const table = await screen.findByRole('table', { name: 'Usuarios' });
  await userEvent.click(await within(table).findByRole('button', { name: 'Planes de Ana López' }));
  const plans = await screen.findByRole('dialog', { name: 'Planes de Ana López' });
  await userEvent.click(await within(plans).findByRole('button', { name: `Reembolsar la compra #${id}` }));
  return screen.findByRole('dialog', { name: 'Reembolsar pago' });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('RefundPaymentDialog', () => {
  it('should show each purchase with its flag: monto no coincide, a reembolsar, reembolso parcial', async () => {
    stubApi({
      [URLS.users]: usersPage,
      [URLS.userPlans]: plansAnswer,
      [URLS.purchases]: purchasesAnswer([
        approvedPurchase,
        mismatchedPurchase,
        duplicatePurchase,
        partlyRefundedPurchase,
      ]),
    });
    renderPage(<UsersAdmin />);
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Planes de Ana López' }));
    const plans = await screen.findByRole('dialog', { name: 'Planes de Ana López' });

    const item = async (id: number) => within(plans).findByRole('listitem', { name: `Compra #${id}` });
    expect(await item(40)).toHaveTextContent('Ocho Clases #40 · $1,564.00Aprobado');
    const mismatch = await item(41);
    expect(within(mismatch).getByText('Monto no coincide')).toBeInTheDocument();
    expect(mismatch).toHaveTextContent('Cobrado: $1.00; no se dio el plan.');
    const duplicate = await item(42);
    expect(within(duplicate).getByText('A reembolsar')).toBeInTheDocument();
    expect(duplicate).toHaveTextContent('Segundo pago de la compra #40, ya pagada.');
    const partial = await item(43);
    expect(within(partial).getByText('Reembolso parcial')).toBeInTheDocument();
    expect(partial).toHaveTextContent('Reembolsado: $300.00');
  });

  it('should refund a part after confirming the amount in pesos, then toast and reload', async () => {
    const fetchMock = stubApi({
      [URLS.users]: usersPage,
      [URLS.userPlans]: plansAnswer,
      [URLS.purchases]: purchasesAnswer([approvedPurchase]),
      [URLS.refund]: refunded,
    });
    renderPage(<UsersAdmin />);
    const dialog = await openPurchase(40);
    expect(dialog).toHaveTextContent('Compra #40 · Ocho Clases · Ana López');
    expect(within(dialog).getByLabelText('Todo lo que queda: $1,564.00')).toBeChecked();

    await userEvent.click(within(dialog).getByLabelText('Una parte'));
    await userEvent.type(within(dialog).getByLabelText(/^Monto a reembolsar/), '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(dialog).toHaveTextContent('¿Reembolsar $500.00 a Ana López por Mercado Pago?');
    expect(dialog).toHaveTextContent('Con un reembolso parcial el plan se conserva.');
    expect(bodiesSentTo(fetchMock, URLS.refund)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar reembolso de $500.00' }));
    expect(await screen.findByText('Reembolso hecho: $500.00')).toBeInTheDocument();
    const [sent] = bodiesSentTo(fetchMock, URLS.refund) as RefundPaymentDto[];
    expect(sent).toEqual({ paymentId: 40, amount: 500, idempotencyKey: expect.stringMatching(UUID) });
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reembolsar pago' })).not.toBeInTheDocument());
    await vi.waitFor(() => expect(bodiesSentTo(fetchMock, URLS.purchases).length).toBeGreaterThanOrEqual(2));
  });

  it('should refund everything left with no amount, and retry with the same key after an error', async () => {
    let calls = 0;
    const fetchMock = stubApi({
      [URLS.users]: usersPage,
      [URLS.userPlans]: plansAnswer,
      [URLS.purchases]: purchasesAnswer([approvedPurchase]),
      [URLS.refund]: (body) =>
        ++calls === 1
          ? {
              status: 502,
              body: {
                success: false,
                code: 'PAYMENT_PROVIDER_ERROR',
                error: 'Mercado Pago no hizo el reembolso. Intenta de nuevo en unos minutos.',
              },
            }
          : refunded(body),
    });
    renderPage(<UsersAdmin />);
    const dialog = await openPurchase(40);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(dialog).toHaveTextContent('¿Reembolsar $1,564.00 a Ana López por Mercado Pago?');
    expect(dialog).toHaveTextContent('Un reembolso total quita el plan');

    const confirm = within(dialog).getByRole('button', { name: 'Confirmar reembolso de $1,564.00' });
    await userEvent.click(confirm);
    expect(await within(dialog).findByText(/Mercado Pago no hizo el reembolso/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar reembolso de $1,564.00' }));
    expect(await screen.findByText('Reembolso hecho: $1,564.00')).toBeInTheDocument();

    const sent = bodiesSentTo(fetchMock, URLS.refund) as RefundPaymentDto[];
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual({ paymentId: 40, idempotencyKey: expect.stringMatching(UUID) });
    // The retry is the same refund to Mercado Pago: it cannot refund twice.
    expect(sent[1].idempotencyKey).toBe(sent[0].idempotencyKey);
  });

  it('should give a plan paid with the gift balance back to that balance, whole, with no amount to choose', async () => {
    const fetchMock = stubApi({
      [URLS.users]: usersPage,
      [URLS.userPlans]: plansAnswer,
      [URLS.purchases]: purchasesAnswer([balancePurchase]),
      [URLS.refund]: refunded,
    });
    renderPage(<UsersAdmin />);
    const plans = await (async () => {
      const table = await screen.findByRole('table', { name: 'Usuarios' });
      await userEvent.click(await within(table).findByRole('button', { name: 'Planes de Ana López' }));
      return screen.findByRole('dialog', { name: 'Planes de Ana López' });
    })();
    expect(await within(plans).findByRole('listitem', { name: 'Compra #44' })).toHaveTextContent(
      'Pagado con saldo de regalo: $1,500.00',
    );
    await userEvent.click(within(plans).getByRole('button', { name: 'Reembolsar la compra #44' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reembolsar pago' });
    expect(dialog).toHaveTextContent('Pagado con saldo de regalo: $1,500.00. Se devuelve completo a ese saldo.');
    expect(within(dialog).queryByLabelText('Una parte')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(dialog).toHaveTextContent('¿Devolver $1,500.00 al saldo de regalo de Ana López?');
    expect(dialog).toHaveTextContent('Un reembolso total quita el plan');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar reembolso de $1,500.00' }));
    await vi.waitFor(() => expect(bodiesSentTo(fetchMock, URLS.refund)).toHaveLength(1));
    expect(bodiesSentTo(fetchMock, URLS.refund)[0]).toEqual({
      paymentId: 44,
      idempotencyKey: expect.stringMatching(UUID),
    });
  });

  it('should say what happens to the gift balance part of a purchase paid partly with it', async () => {
    stubApi({
      [URLS.users]: usersPage,
      [URLS.userPlans]: plansAnswer,
      [URLS.purchases]: purchasesAnswer([mixedPurchase]),
      [URLS.refund]: refunded,
    });
    renderPage(<UsersAdmin />);
    const dialog = await openPurchase(45);
    expect(dialog).toHaveTextContent('Cobrado: $524.00 · Con saldo de regalo: $1,000.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(dialog).toHaveTextContent('Además, $1,000.00 pagados con saldo de regalo vuelven a su saldo.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    await userEvent.click(within(dialog).getByLabelText('Una parte'));
    await userEvent.type(within(dialog).getByLabelText(/^Monto a reembolsar/), '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(dialog).toHaveTextContent('Los $1,000.00 pagados con saldo de regalo solo vuelven con un reembolso total.');
  });

  it('should send another key for another amount after going back, and the same key for the same amount', async () => {
    const failure: Handler = () => ({
      status: 502,
      body: { success: false, code: 'PAYMENT_PROVIDER_ERROR', error: 'Mercado Pago no hizo el reembolso.' },
    });
    let calls = 0;
    const fetchMock = stubApi({
      [URLS.users]: usersPage,
      [URLS.userPlans]: plansAnswer,
      [URLS.purchases]: purchasesAnswer([approvedPurchase]),
      [URLS.refund]: (body) => (++calls < 3 ? failure(body) : refunded(body)),
    });
    renderPage(<UsersAdmin />);
    const dialog = await openPurchase(40);
    const askFor = async (pesos: string) => {
      await userEvent.click(within(dialog).getByLabelText('Una parte'));
      const amount = within(dialog).getByLabelText(/^Monto a reembolsar/);
      await userEvent.clear(amount);
      await userEvent.type(amount, pesos);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
      await userEvent.click(within(dialog).getByRole('button', { name: `Confirmar reembolso de $${pesos}.00` }));
    };
    await askFor('500');
    expect(await within(dialog).findByText(/Mercado Pago no hizo el reembolso/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    await askFor('400');
    expect(await within(dialog).findByText(/Mercado Pago no hizo el reembolso/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    await askFor('500');
    expect(await screen.findByText('Reembolso hecho: $500.00')).toBeInTheDocument();

    const sent = bodiesSentTo(fetchMock, URLS.refund) as RefundPaymentDto[];
    expect(sent.map((body) => body.amount)).toEqual([500, 400, 500]);
    expect(sent[1].idempotencyKey).not.toBe(sent[0].idempotencyKey);
    expect(sent[2].idempotencyKey).toBe(sent[0].idempotencyKey);
  });

  it('should refuse a partial amount above what is left, or not a number, and send nothing', async () => {
    const fetchMock = stubApi({
      [URLS.users]: usersPage,
      [URLS.userPlans]: plansAnswer,
      [URLS.purchases]: purchasesAnswer([partlyRefundedPurchase]),
      [URLS.refund]: refunded,
    });
    renderPage(<UsersAdmin />);
    const dialog = await openPurchase(43);
    expect(dialog).toHaveTextContent('Cobrado: $800.00 · Ya reembolsado: $300.00');
    await userEvent.click(within(dialog).getByLabelText('Una parte'));
    const amount = within(dialog).getByLabelText(/^Monto a reembolsar/);
    await userEvent.type(amount, '600');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByText('El monto no puede ser mayor que $500.00.')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '12.345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(
      await within(dialog).findByText('Escribe un monto mayor que 0 con hasta dos decimales.'),
    ).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, URLS.refund)).toHaveLength(0);
  });
});
