import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeskGiftCardSaleDto, DeskSaleDto, DeskSalePreviewDto } from '@/api/generated/model';
import { UsersAdmin } from '@/features/admin-users';
import { bodiesSentTo, renderPage, stubApi, type Handler } from '@/test/page-test-utils';

const URLS = {
  users: '/api/informacion/get-users',
  catalogue: '/api/planes/catalogo',
  preview: '/api/admin/desk-sales/preview',
  sale: '/api/admin/desk-sales',
  giftOptions: '/api/gift-cards/options',
  giftSale: '/api/admin/desk-sales/gift-card',
} as const;

const ana = {
  id: 7,
  name: 'Ana López',
  email: 'ana@example.com',
  cumpleanos: '1990-05-17',
  role: 'user',
  active: 1,
  attended: 5,
  noShow: 2,
};
const usersPage: Handler = () => ({
  status: 200,
  body: { success: true, usuarios: [ana], pagination: { total: 1, page: 1, pages: 1, limit: 10 } },
});
const catalogue: Handler = () => ({
  status: 200,
  body: {
    success: true,
    planes: [
      { id: 3, name: 'Ocho Clases', price: 1500, classes: 8, visible: true, intro: false },
      { id: 9, name: 'Diez Clases', price: 1700, classes: 10, visible: false, intro: false },
      { id: 12, name: 'Clase de prueba', price: 150, classes: 1, visible: true, intro: true },
    ],
  },
});
const preview: Handler = (body) => {
  const { planId, code } = body as DeskSalePreviewDto;
  if (code === 'NOEXISTE') {
    return {
      status: 404,
      body: { success: false, code: 'PROMO_INVALID', error: 'Ese código no existe o ya no está activo.' },
    };
  }
  const price = planId === 12 ? 150_00 : 1500_00;
  const discount = code ? 150_00 : 0;
  return {
    status: 200,
    body: {
      success: true,
      priceCents: price,
      discountCents: discount,
      totalCents: price - discount,
      introEligible: planId !== 12,
    },
  };
};
const sold: Handler = (body) => {
  const sale = body as DeskSaleDto;
  const total = sale.code ? 1350 : 1500;
  return {
    status: 200,
    body: {
      success: true,
      message: 'Venta registrada',
      receipt: {
        id: 501,
        soldAt: '2026-11-23T18:30:00.000Z',
        clientName: 'Ana López',
        clientEmail: 'ana@example.com',
        plan: 'Ocho Clases',
        classCount: 8,
        startDate: '2026-11-23',
        endDate: '2026-12-22',
        price: 1500,
        code: sale.code ?? null,
        discount: 1500 - total,
        total,
        method: sale.method,
        received: sale.received,
        change: Math.max(0, sale.received - total),
        mailed: true,
      },
    },
  };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function openSale() {
  const table = await screen.findByRole('table', { name: 'Usuarios' });
  await userEvent.click(await within(table).findByRole('button', { name: 'Más acciones para Ana López' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Venta en mostrador' }));
  return screen.findByRole('dialog', { name: 'Venta en mostrador' });
}

async function choosePlan(dialog: HTMLElement, name: RegExp) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: /Plan/ }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('DeskSaleDialog ("Venta en mostrador")', () => {
  afterEach(() => vi.restoreAllMocks());

  it('should sell a plan in cash with a code: the preview, the change, then the receipt to print', async () => {
    const fetchMock = stubApi({
      [URLS.users]: usersPage,
      [URLS.catalogue]: catalogue,
      [URLS.preview]: preview,
      [URLS.sale]: sold,
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderPage(<UsersAdmin />);
    const dialog = await openSale();
    expect(dialog).toHaveTextContent('Para Ana López');

    // Hidden plans are not on sale at the desk.
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Plan/ }));
    expect(screen.queryByRole('option', { name: /Diez Clases/ })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: /Ocho Clases/ }));
    expect(await within(dialog).findByLabelText('Precio')).toHaveTextContent('Precio$1,500.00Total$1,500.00');

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Código promocional/ }), 'buenfin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(await within(dialog).findByText('Descuento (buenfin)')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Precio')).toHaveTextContent(
      'Precio$1,500.00Descuento (buenfin)−$150.00Total$1,350.00',
    );

    // Cash: less than the total is refused here; more shows the change.
    const received = within(dialog).getByRole('textbox', { name: /Monto recibido/ });
    await userEvent.type(received, '1000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar venta de $1,350.00' }));
    expect(await within(dialog).findByText('El monto recibido es menor que el total de la venta.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, URLS.sale)).toEqual([]);
    await userEvent.clear(received);
    await userEvent.type(received, '1400');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Cambio a entregar: $50.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar venta de $1,350.00' }));

    const receipt = await screen.findByRole('dialog', { name: 'Recibo de venta' });
    const [body] = bodiesSentTo(fetchMock, URLS.sale) as DeskSaleDto[];
    expect(body).toEqual({
      userId: 7,
      planId: 3,
      method: 'efectivo',
      received: 1400,
      code: 'buenfin',
      requestKey: expect.stringMatching(UUID),
    });
    expect(receipt).toHaveTextContent('Venta en mostrador n.º 501');
    expect(receipt).toHaveTextContent('Ocho Clases (8 clases)');
    expect(receipt).toHaveTextContent('Del 23 de noviembre de 2026 al 22 de diciembre de 2026');
    expect(receipt).toHaveTextContent('Total$1,350.00');
    expect(receipt).toHaveTextContent('Forma de pagoEfectivo');
    expect(receipt).toHaveTextContent('Cambio$50.00');
    expect(within(receipt).getByRole('status')).toHaveTextContent('Enviamos el recibo por correo a ana@example.com.');
    await userEvent.click(within(receipt).getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('should fill in the exact total for a transfer or the terminal, and refuse another amount', async () => {
    const fetchMock = stubApi({
      [URLS.users]: usersPage,
      [URLS.catalogue]: catalogue,
      [URLS.preview]: preview,
      [URLS.sale]: sold,
    });
    renderPage(<UsersAdmin />);
    const dialog = await openSale();
    await choosePlan(dialog, /Ocho Clases/);
    await within(dialog).findByLabelText('Precio');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Tarjeta en terminal' }));
    const received = within(dialog).getByRole('textbox', { name: /Monto recibido/ });
    expect(received).toHaveValue('1500');
    await userEvent.clear(received);
    await userEvent.type(received, '1600');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar venta de $1,500.00' }));
    expect(
      await within(dialog).findByText(
        'Con transferencia o terminal, el monto recibido debe ser exactamente el total de la venta.',
      ),
    ).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, URLS.sale)).toEqual([]);
    await userEvent.clear(received);
    await userEvent.type(received, '1500');
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Recibo de venta' });
    expect(bodiesSentTo(fetchMock, URLS.sale)).toEqual([
      expect.objectContaining({ method: 'terminal', received: 1500 }),
    ]);
  });

  it('should show why a code or an intro plan cannot be sold, and not sell', async () => {
    const fetchMock = stubApi({
      [URLS.users]: usersPage,
      [URLS.catalogue]: catalogue,
      [URLS.preview]: preview,
      [URLS.sale]: sold,
    });
    renderPage(<UsersAdmin />);
    const dialog = await openSale();
    await choosePlan(dialog, /Clase de prueba/);
    expect(await within(dialog).findByText(/solo para la primera vez de un cliente/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirmar venta de $150.00' })).toBeDisabled();

    await choosePlan(dialog, /Ocho Clases/);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Código promocional/ }), 'NOEXISTE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(await within(dialog).findByText(/Ese código no existe/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirmar venta' })).toBeDisabled();
    expect(bodiesSentTo(fetchMock, URLS.sale)).toEqual([]);
  });

  describe('a gift card', () => {
    const giftOptions: Handler = () => ({
      status: 200,
      body: {
        success: true,
        amounts: [
          { amount: 500, label: '$500' },
          { amount: 1000, label: '$1,000' },
          { amount: 1500, label: 'Ocho Clases' },
        ],
      },
    });
    const giftSold: Handler = (body) => {
      const sale = body as DeskGiftCardSaleDto;
      return {
        status: 200,
        body: {
          success: true,
          message: 'Tarjeta de regalo vendida',
          receipt: {
            id: 77,
            soldAt: '2026-11-23T18:30:00.000Z',
            clientName: 'Ana López',
            clientEmail: 'ana@example.com',
            recipientName: sale.recipientName,
            recipientEmail: sale.recipientEmail,
            deliverOn: sale.deliverOn,
            sent: true,
            amount: sale.amount,
            total: sale.amount,
            method: sale.method,
            received: sale.received,
            change: Math.max(0, sale.received - sale.amount),
            pageUrl: '/pilates/regalo/0123456789abcdef0123456789abcdef',
            mailed: true,
          },
        },
      };
    };

    it('should sell a gift card in cash to the client: amount, recipient, change, no code, then its receipt', async () => {
      const fetchMock = stubApi({
        [URLS.users]: usersPage,
        [URLS.catalogue]: catalogue,
        [URLS.preview]: preview,
        [URLS.sale]: sold,
        [URLS.giftOptions]: giftOptions,
        [URLS.giftSale]: giftSold,
      });
      renderPage(<UsersAdmin />);
      const dialog = await openSale();
      // A plan by default, as before.
      expect(within(dialog).getByRole('radio', { name: 'Plan' })).toBeChecked();
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Tarjeta de regalo' }));
      expect(within(dialog).queryByRole('textbox', { name: /Código promocional/ })).not.toBeInTheDocument();
      expect(within(dialog).getByText(/los códigos promocionales son solo para planes/)).toBeInTheDocument();

      // Nothing is sent while the order is incomplete.
      await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar venta' }));
      expect(await within(dialog).findByText('Elige el monto de la tarjeta')).toBeInTheDocument();
      expect(within(dialog).getByText('Escribe el nombre de quien recibe')).toBeInTheDocument();

      await userEvent.click(within(dialog).getByRole('combobox', { name: /Monto de la tarjeta/ }));
      await userEvent.click(await screen.findByRole('option', { name: '$1,000.00' }));
      await userEvent.type(within(dialog).getByRole('textbox', { name: /Nombre de quien recibe/ }), 'Lucía Pérez');
      await userEvent.type(
        within(dialog).getByRole('textbox', { name: /Correo de quien recibe/ }),
        'lucia@example.com',
      );
      await userEvent.type(within(dialog).getByRole('textbox', { name: /Mensaje/ }), '¡Feliz cumpleaños!');
      const date = within(dialog).getByLabelText(/Fecha de entrega/) as HTMLInputElement;
      // Today (studio calendar) unless changed.
      expect(date.value).toMatch(/^\d{4}-\d{2}-\d{2}$/);

      const received = within(dialog).getByRole('textbox', { name: /Monto recibido/ });
      await userEvent.type(received, '900');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar venta de $1,000.00' }));
      expect(
        await within(dialog).findByText('El monto recibido es menor que el total de la venta.'),
      ).toBeInTheDocument();
      expect(bodiesSentTo(fetchMock, URLS.giftSale)).toEqual([]);
      await userEvent.clear(received);
      await userEvent.type(received, '1200');
      expect(within(dialog).getByRole('status')).toHaveTextContent('Cambio a entregar: $200.00');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar venta de $1,000.00' }));

      const receipt = await screen.findByRole('dialog', { name: 'Recibo de venta' });
      expect(bodiesSentTo(fetchMock, URLS.giftSale)).toEqual([
        {
          userId: 7,
          amount: 1000,
          recipientName: 'Lucía Pérez',
          recipientEmail: 'lucia@example.com',
          message: '¡Feliz cumpleaños!',
          deliverOn: date.value,
          method: 'efectivo',
          received: 1200,
          requestKey: expect.stringMatching(UUID),
        },
      ]);
      expect(bodiesSentTo(fetchMock, URLS.sale)).toEqual([]);
      expect(receipt).toHaveTextContent('Tarjeta de regalo n.º 77 · Venta en mostrador');
      expect(receipt).toHaveTextContent('ParaLucía Pérez · lucia@example.com');
      expect(receipt).toHaveTextContent('EntregaEnviada hoy por correo');
      expect(receipt).toHaveTextContent('Total$1,000.00');
      expect(receipt).toHaveTextContent('Cambio$200.00');
      expect(within(receipt).getByRole('link', { name: 'Ver la tarjeta para imprimirla' })).toHaveAttribute(
        'href',
        '/pilates/regalo/0123456789abcdef0123456789abcdef',
      );
    });

    it('should fill in the exact amount for the terminal', async () => {
      const fetchMock = stubApi({
        [URLS.users]: usersPage,
        [URLS.catalogue]: catalogue,
        [URLS.giftOptions]: giftOptions,
        [URLS.giftSale]: giftSold,
      });
      renderPage(<UsersAdmin />);
      const dialog = await openSale();
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Tarjeta de regalo' }));
      await userEvent.click(within(dialog).getByRole('combobox', { name: /Monto de la tarjeta/ }));
      await userEvent.click(await screen.findByRole('option', { name: /Ocho Clases/ }));
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Tarjeta en terminal' }));
      expect(within(dialog).getByRole('textbox', { name: /Monto recibido/ })).toHaveValue('1500');
      await userEvent.type(within(dialog).getByRole('textbox', { name: /Nombre de quien recibe/ }), 'Marta');
      await userEvent.type(
        within(dialog).getByRole('textbox', { name: /Correo de quien recibe/ }),
        'marta@example.com',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar venta de $1,500.00' }));
      await screen.findByRole('dialog', { name: 'Recibo de venta' });
      expect(bodiesSentTo(fetchMock, URLS.giftSale)).toEqual([
        expect.objectContaining({ amount: 1500, method: 'terminal', received: 1500, message: '' }),
      ]);
    });
  });
});
