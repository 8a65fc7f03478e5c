import '@/components/ui/test-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminGiftCardDto, AdminInvoiceDto } from '@/api/generated/model';
import { issuedInvoice } from '@/test/invoice-data';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { AdminGiftCards } from './admin-gift-cards';
import { BuyGiftCard } from './buy-gift-card';
import { GiftBalance } from './gift-balance';
import { GiftCardView } from './gift-card-view';

const BALANCE = '/api/gift-cards/balance';
const REDEEM = '/api/gift-cards/redeem';
const OPTIONS = '/api/gift-cards/options';
const BUY = '/api/gift-cards/buy';
const ADMIN_LIST = '/api/admin/gift-cards';
const RESEND = '/api/admin/gift-cards/resend';
const VOID = '/api/admin/gift-cards/void';
const REFUND = '/api/admin/gift-cards/refund';
const CARD_INVOICES = '/api/admin/invoices/of-purchases';
const CANCEL_INVOICE = '/api/admin/invoices/cancel';

describe('GiftBalance ("Saldo de regalo")', () => {
  it('should show the balance and its movements, and redeem a code into it', async () => {
    let balanceCents = 50000;
    const fetchMock = stubApi({
      [BALANCE]: () => ({
        status: 200,
        body: {
          success: true,
          balanceCents,
          movements: [
            { id: 2, kind: 'hold', deltaCents: -50000, planName: 'Ocho Clases', createdAt: '2026-11-23T12:00:00.000Z' },
            { id: 1, kind: 'redeem', deltaCents: 100000, planName: null, createdAt: '2026-11-20T12:00:00.000Z' },
          ],
        },
      }),
      [REDEEM]: () => {
        balanceCents = 150000;
        return { status: 200, body: { success: true, balanceCents } };
      },
    });
    renderPage(<GiftBalance />);
    expect(await screen.findByLabelText('Tu saldo de regalo')).toHaveTextContent('$500.00');
    const movements = screen.getByRole('list', { name: 'Movimientos del saldo de regalo' });
    expect(
      within(movements)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Usado en tu compra (Ocho Clases)23 de noviembre de 2026−$500.00',
      'Tarjeta de regalo canjeada20 de noviembre de 2026+$1,000.00',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Canjear' }));
    expect(await screen.findByText('Escribe el código de tu tarjeta de regalo')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, REDEEM)).toEqual([]);

    await userEvent.type(screen.getByLabelText('Código de tu tarjeta de regalo'), 'abcd-efgh-jkmn-pqrs');
    await userEvent.click(screen.getByRole('button', { name: 'Canjear' }));
    expect(await screen.findByText('Canjeaste tu tarjeta de regalo. Tu saldo es de $1,500.00.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, REDEEM)).toEqual([{ code: 'abcd-efgh-jkmn-pqrs' }]);
    await waitFor(() => expect(screen.getByLabelText('Tu saldo de regalo')).toHaveTextContent('$1,500.00'));
  });

  it("should show the server's reason when a code is refused", async () => {
    stubApi({
      [BALANCE]: () => ({ status: 200, body: { success: true, balanceCents: 0, movements: [] } }),
      [REDEEM]: () => ({
        status: 409,
        body: { success: false, code: 'GIFT_CODE_USED', error: 'Esa tarjeta de regalo ya se canjeó.' },
      }),
    });
    renderPage(<GiftBalance />);
    await userEvent.type(await screen.findByLabelText('Código de tu tarjeta de regalo'), 'ABCDEFGHJKMNPQRS');
    await userEvent.click(screen.getByRole('button', { name: 'Canjear' }));
    expect(await screen.findByText('Esa tarjeta de regalo ya se canjeó.')).toBeInTheDocument();
  });
});

describe('BuyGiftCard ("Tarjeta de regalo")', () => {
  it('should refuse an incomplete order before sending, then send the order and go to the checkout', async () => {
    const fetchMock = stubApi({
      [OPTIONS]: () => ({
        status: 200,
        body: {
          success: true,
          amounts: [
            { amount: 500, label: '$500' },
            { amount: 1000, label: '$1,000' },
            { amount: 1900, label: 'Doce Clases' },
          ],
        },
      }),
      [BUY]: () => ({ status: 200, body: { success: true, url: 'https://mp.example/checkout' } }),
    });
    const onCheckout = vi.fn();
    renderPage(<BuyGiftCard onCheckout={onCheckout} />);
    const form = await screen.findByRole('form', { name: 'Comprar una tarjeta de regalo' });
    await userEvent.click(within(form).getByRole('button', { name: 'Pagar con Mercado Pago' }));
    expect(await within(form).findByText('Elige el monto de la tarjeta')).toBeInTheDocument();
    expect(within(form).getByText('Escribe el nombre de quien recibe')).toBeInTheDocument();
    expect(within(form).getByText('Escribe un correo válido')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, BUY)).toEqual([]);

    await userEvent.click(within(form).getByRole('combobox', { name: /Monto/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Doce Clases · $1,900.00' }));
    await userEvent.type(within(form).getByLabelText(/Nombre de quien recibe/), 'Lucía Pérez');
    await userEvent.type(within(form).getByLabelText(/Correo de quien recibe/), 'lucia@example.com');
    await userEvent.type(within(form).getByLabelText(/Mensaje/), '¡Feliz cumpleaños!');
    const date = within(form).getByLabelText(/Fecha de entrega/);
    await userEvent.clear(date);
    await userEvent.type(date, '2099-12-24');
    await userEvent.click(within(form).getByRole('button', { name: 'Pagar con Mercado Pago' }));
    await waitFor(() => expect(onCheckout).toHaveBeenCalledWith('https://mp.example/checkout'));
    expect(bodiesSentTo(fetchMock, BUY)).toEqual([
      {
        amount: 1900,
        recipientName: 'Lucía Pérez',
        recipientEmail: 'lucia@example.com',
        message: '¡Feliz cumpleaños!',
        deliverOn: '2099-12-24',
      },
    ]);
  });
});

describe("BuyGiftCard with the owner's amounts", () => {
  it('should offer exactly the amounts the server lists, without plans when the owner offers none', async () => {
    stubApi({
      [OPTIONS]: () => ({
        status: 200,
        body: {
          success: true,
          amounts: [
            { amount: 700, label: '$700' },
            { amount: 2500, label: '$2,500' },
          ],
        },
      }),
    });
    renderPage(<BuyGiftCard onCheckout={vi.fn()} />);
    const form = await screen.findByRole('form', { name: 'Comprar una tarjeta de regalo' });
    const amount = within(form).getByRole('combobox', { name: /Monto/ });
    expect(amount).toHaveAccessibleDescription(expect.stringMatching(/^Montos del estudio\. Se agrega la comisión/));
    await userEvent.click(amount);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      '$700.00',
      '$2,500.00',
    ]);
  });
});

describe('GiftCardView (the printable card)', () => {
  it('should show who it is for, the message, the amount and the code, with print and share', () => {
    renderPage(
      <GiftCardView
        card={{
          recipientName: 'Lucía Pérez',
          fromName: 'Ana',
          message: '¡Feliz cumpleaños!',
          amountCents: 100000,
          code: 'ABCD-EFGH-JKMN-PQRS',
          redeemed: false,
        }}
      />,
    );
    return screen.findByRole('article', { name: 'Tarjeta de regalo' }).then((card) => {
      expect(within(card).getByRole('heading', { name: 'Para Lucía Pérez' })).toBeInTheDocument();
      expect(within(card).getByText('De parte de Ana')).toBeInTheDocument();
      expect(within(card).getByText('$1,000.00')).toBeInTheDocument();
      expect(within(card).getByText('ABCD-EFGH-JKMN-PQRS')).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Compartir' })).toBeInTheDocument();
    });
  });
});

describe('AdminGiftCards ("Tarjetas de regalo")', () => {
  const card = (values: Partial<AdminGiftCardDto>): AdminGiftCardDto => ({
    id: 1,
    status: 'paid',
    amountCents: 100000,
    buyerName: 'Ana López',
    recipientName: 'Lucía Pérez',
    recipientEmail: 'lucia@example.com',
    deliverOn: '2026-12-24',
    sentAt: null,
    redeemedBy: null,
    balanceLeftCents: null,
    paymentStatus: 'approved',
    refundedCents: 0,
    method: 'mercado_pago',
    ...values,
  });

  it('should list the cards with their state and balance left, resend one and void only a refunded one', async () => {
    const fetchMock = stubApi({
      [ADMIN_LIST]: () => ({
        status: 200,
        body: {
          success: true,
          giftCards: [
            card({ id: 3, status: 'redeemed', redeemedBy: 'Lucía Pérez', balanceLeftCents: 25000 }),
            card({ id: 2, status: 'sent', paymentStatus: 'refunded', refundedCents: 104400 }),
            card({ id: 1 }),
          ],
        },
      }),
      [RESEND]: () => ({ status: 200, body: { success: true, message: 'Tarjeta reenviada' } }),
      [VOID]: () => ({ status: 200, body: { success: true, message: 'Tarjeta anulada' } }),
    });
    renderPage(<AdminGiftCards />);
    const table = await screen.findByRole('table', { name: 'Tarjetas de regalo' });
    await within(table).findByRole('cell', { name: 'Canjeada' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[4].textContent)).toEqual([
      'Canjeada',
      'Enviada · pago reembolsado',
      'Pagada, por enviar',
    ]);
    expect(within(rows[0]).getAllByRole('cell')[5].textContent).toBe('Lucía Pérez: $250.00');
    expect(within(rows[0]).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[2]).queryByRole('button', { name: 'Anular la tarjeta 1' })).not.toBeInTheDocument();

    await userEvent.click(within(rows[2]).getByRole('button', { name: 'Reenviar la tarjeta 1' }));
    expect(await screen.findByText('Reenviamos la tarjeta a lucia@example.com')).toBeInTheDocument();
    await userEvent.click(within(rows[1]).getByRole('button', { name: 'Anular la tarjeta 2' }));
    expect(await screen.findByText('Tarjeta 2 anulada')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, RESEND)).toEqual([{ id: 1 }]);
    expect(bodiesSentTo(fetchMock, VOID)).toEqual([{ id: 2 }]);
  });

  it('should refund and void an unredeemed card after a confirmation, saying how the money goes back', async () => {
    const fetchMock = stubApi({
      [ADMIN_LIST]: () => ({
        status: 200,
        body: {
          success: true,
          giftCards: [
            card({ id: 5, status: 'redeemed', redeemedBy: 'Lucía Pérez', balanceLeftCents: 0 }),
            card({ id: 4, method: 'efectivo' }),
            card({ id: 3, status: 'sent', paymentStatus: 'refunded', refundedCents: 104400 }),
          ],
        },
      }),
      [REFUND]: () => ({ status: 200, body: { success: true, message: 'Tarjeta 4 reembolsada y anulada' } }),
    });
    renderPage(<AdminGiftCards />);
    const table = await screen.findByRole('table', { name: 'Tarjetas de regalo' });
    await within(table).findByRole('cell', { name: 'Canjeada' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[6].textContent)).toEqual([
      'Mercado Pago',
      'Mostrador · Efectivo',
      'Mercado Pago',
    ]);
    // Neither a redeemed card nor one whose payment was already refunded (that one is only voided).
    expect(within(rows[0]).queryByRole('button', { name: /Reembolsar/ })).not.toBeInTheDocument();
    expect(within(rows[2]).queryByRole('button', { name: /Reembolsar/ })).not.toBeInTheDocument();

    await userEvent.click(within(rows[1]).getByRole('button', { name: 'Reembolsar y anular la tarjeta 4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reembolsar y anular' });
    expect(dialog).toHaveTextContent('devolviste el dinero en el estudio');
    expect(dialog).toHaveTextContent('su código ya no se podrá canjear');
    expect(bodiesSentTo(fetchMock, REFUND)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reembolsar y anular' }));
    expect(await screen.findByText('Tarjeta 4 reembolsada y anulada')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, REFUND)).toEqual([{ id: 4 }]);
  });

  it('should show each card’s invoice and cancel the one of a refunded card from its row', async () => {
    const invoiceOfCard: AdminInvoiceDto = {
      ...issuedInvoice,
      id: 21,
      purchaseKind: 'gift_card',
      purchaseId: 2,
      folioNumber: 31,
      purchaseRefunded: true,
      purchaseDescription: 'Tarjeta de regalo para clases de Pilates Reformer',
    };
    const fetchMock = stubApi({
      [ADMIN_LIST]: () => ({
        status: 200,
        body: {
          success: true,
          giftCards: [
            card({ id: 2, status: 'sent', paymentStatus: 'refunded', refundedCents: 104400 }),
            card({ id: 1 }),
          ],
        },
      }),
      [CARD_INVOICES]: () => ({ status: 200, body: { success: true, invoices: [invoiceOfCard] } }),
      [CANCEL_INVOICE]: () => ({
        status: 200,
        body: { success: true, invoice: { ...invoiceOfCard, status: 'cancelled', cancelMotive: '02' } },
      }),
    });
    renderPage(<AdminGiftCards />);
    const table = await screen.findByRole('table', { name: 'Tarjetas de regalo' });
    const refunded = (await within(table).findByText('Factura F-31 · Emitida')).closest('tr') as HTMLElement;
    expect(refunded).toHaveTextContent('Reembolsada: cancela su factura.');
    expect(bodiesSentTo(fetchMock, CARD_INVOICES)).toEqual([{ kind: 'gift_card', purchaseIds: [2, 1] }]);
    // The other card has no invoice.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[1]).getAllByRole('cell')[7].textContent).toBe('—');

    await userEvent.click(within(refunded).getByRole('button', { name: 'Cancelar la factura F-31 de la tarjeta 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar factura' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar factura' }));
    expect(await screen.findByText('Factura F-31 cancelada ante el SAT.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, CANCEL_INVOICE)).toEqual([{ id: 21, motive: '02' }]);
  });
});
