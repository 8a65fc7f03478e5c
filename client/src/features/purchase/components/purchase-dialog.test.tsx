import '@/components/ui/test-polyfills';
import { formatLongDate, planEndDate, studioToday } from '@pilates/dates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_STUDIO_TIME_ZONE } from '@/content/studio';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { CHECKOUT, GET_PLANES, PREVIEW, PURCHASES, catalogue, purchase } from '../test-data';
import type { ChosenClass } from '../chosen-class';
import {
  HOLD_LOST_MESSAGE,
  PAY_BUTTON_LABEL,
  PAY_WITH_BALANCE_LABEL,
  PurchaseDialog,
  validityLabel,
} from './purchase-dialog';

const CHECKOUT_URL = 'https://www.mercadopago.com.mx/checkout/v1/redirect?pref_id=123';
const planesOk = () => ({ status: 200, body: { success: true, planes: catalogue } });

function renderDialog(props: { initialPlanId?: number; chosenClass?: ChosenClass } = {}) {
  const onCheckoutUrl = vi.fn();
  const onOpenChange = vi.fn();
  const view = renderPage(<PurchaseDialog open onOpenChange={onOpenChange} onCheckoutUrl={onCheckoutUrl} {...props} />);
  return { ...view, onCheckoutUrl, onOpenChange };
}

describe('PurchaseDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should show a spinner while the plans load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Cargando los planes…');
  });

  it('should go from the plans to a summary and pay with Mercado Pago', async () => {
    const fetchMock = stubApi({
      [GET_PLANES]: planesOk,
      [CHECKOUT]: () => ({ status: 200, body: { success: true, url: CHECKOUT_URL } }),
    });
    // The studio's day when the dialog opened: at midnight the test may end on the next one.
    const openedOn = studioToday(new Date(), DEFAULT_STUDIO_TIME_ZONE);
    const { onCheckoutUrl } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    const plans = await within(dialog).findByRole('list', { name: 'Planes' });
    expect(
      within(plans)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Una Clase', 'Cuatro Clases', 'Ocho Clases']);
    const cuatro = within(plans).getByRole('heading', { name: 'Cuatro Clases' }).closest('li')!;
    expect(cuatro).toHaveTextContent('4 clases');
    expect(cuatro).toHaveTextContent('$800.00 más $31.84 de comisión');

    await userEvent.click(within(cuatro).getByRole('button', { name: 'Comprar Plan' }));

    const summary = within(dialog).getByRole('region', { name: 'Cuatro Clases' });
    const rows = within(summary)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual(['Precio: $800.00', 'Comisión: $31.84', 'Total: $831.84']);
    expect(summary).toHaveTextContent('4 clases');
    // A plan bought now is valid for a month from the studio's day the page shows (the day it opened,
    // or the next one when the test crossed midnight).
    const validity = [openedOn, studioToday(new Date(), DEFAULT_STUDIO_TIME_ZONE)].map(
      (day) => `Válido del ${formatLongDate(day)} al ${formatLongDate(planEndDate(day))}`,
    );
    expect(validity.filter((text) => summary.textContent?.includes(text))).not.toEqual([]);
    expect(within(dialog).queryByRole('list', { name: 'Planes' })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: PAY_BUTTON_LABEL }));
    await waitFor(() => expect(onCheckoutUrl).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(bodiesSentTo(fetchMock, CHECKOUT)).toEqual([{ planId: 2 }]);
    // The browser is leaving for Mercado Pago: the button keeps spinning.
    expect(within(dialog).getByRole('button', { name: /Pagar con Mercado Pago/ })).toBeDisabled();
  });

  it('should apply a promo code: the preview shows price, discount, commission and total, and the checkout sends the code', async () => {
    const fetchMock = stubApi({
      [GET_PLANES]: planesOk,
      [PREVIEW]: () => ({
        status: 200,
        body: { success: true, priceCents: 150000, discountCents: 15000, commissionCents: 5800, totalCents: 140800 },
      }),
      [CHECKOUT]: () => ({ status: 200, body: { success: true, url: CHECKOUT_URL } }),
    });
    const { onCheckoutUrl } = renderDialog({ initialPlanId: 3 });
    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    const summary = await within(dialog).findByRole('region', { name: 'Ocho Clases' });
    await userEvent.type(within(summary).getByLabelText('¿Tienes un código?'), 'buenfin');
    await userEvent.click(within(summary).getByRole('button', { name: 'Aplicar' }));

    expect(await within(summary).findByText('BUENFIN')).toBeInTheDocument();
    const rows = within(summary)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual(['Precio: $1,500.00', 'Descuento: −$150.00', 'Comisión: $58.00', 'Total: $1,408.00']);
    expect(bodiesSentTo(fetchMock, PREVIEW)).toEqual([{ planId: 3, code: 'buenfin' }]);

    await userEvent.click(within(dialog).getByRole('button', { name: PAY_BUTTON_LABEL }));
    await waitFor(() => expect(onCheckoutUrl).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(bodiesSentTo(fetchMock, CHECKOUT)).toEqual([{ planId: 3, code: 'buenfin' }]);
  });

  it('should say the gift balance pays first, and show its part in the preview with a code', async () => {
    stubApi({
      [GET_PLANES]: planesOk,
      '/api/gift-cards/balance': () => ({ status: 200, body: { success: true, balanceCents: 100000, movements: [] } }),
      [PREVIEW]: () => ({
        status: 200,
        body: {
          success: true,
          priceCents: 150000,
          discountCents: 15000,
          balanceCents: 100000,
          commissionCents: 1800,
          totalCents: 36800,
        },
      }),
    });
    renderDialog({ initialPlanId: 3 });
    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    const summary = await within(dialog).findByRole('region', { name: 'Ocho Clases' });
    expect(await within(summary).findByText(/Tu saldo de regalo de \$1,000\.00 paga primero/)).toBeInTheDocument();
    await userEvent.type(within(summary).getByLabelText('¿Tienes un código?'), 'buenfin');
    await userEvent.click(within(summary).getByRole('button', { name: 'Aplicar' }));
    expect(await within(summary).findByText('BUENFIN')).toBeInTheDocument();
    const rows = within(summary)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual([
      'Precio: $1,500.00',
      'Descuento: −$150.00',
      'Saldo de regalo: −$1,000.00',
      'Comisión: $18.00',
      'Total: $368.00',
    ]);
  });

  it('should offer to pay with the gift balance, with no Mercado Pago step, when it covers the plan', async () => {
    const fetchMock = stubApi({
      [GET_PLANES]: planesOk,
      '/api/gift-cards/balance': () => ({ status: 200, body: { success: true, balanceCents: 200000, movements: [] } }),
      [CHECKOUT]: () => ({
        status: 200,
        body: { success: true, url: '/pilates/clases?pago=saldo', paidWithBalance: true },
      }),
    });
    const { onCheckoutUrl } = renderDialog({ initialPlanId: 3 });
    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    const pay = await within(dialog).findByRole('button', { name: PAY_WITH_BALANCE_LABEL });
    expect(dialog).toHaveTextContent('queda activo al instante, sin pasar por Mercado Pago');
    expect(within(dialog).queryByRole('button', { name: PAY_BUTTON_LABEL })).not.toBeInTheDocument();
    await userEvent.click(pay);
    await waitFor(() => expect(onCheckoutUrl).toHaveBeenCalledWith('/pilates/clases?pago=saldo'));
    expect(bodiesSentTo(fetchMock, CHECKOUT)).toEqual([{ planId: 3 }]);
  });

  it('should keep Mercado Pago when the gift balance pays only part of the plan', async () => {
    stubApi({
      [GET_PLANES]: planesOk,
      '/api/gift-cards/balance': () => ({ status: 200, body: { success: true, balanceCents: 50000, movements: [] } }),
    });
    renderDialog({ initialPlanId: 3 });
    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    expect(await within(dialog).findByText(/Tu saldo de regalo de \$500\.00 paga primero/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: PAY_BUTTON_LABEL })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Pagarás en la página segura de Mercado Pago');
  });

  it("should show the server's Spanish refusal of a code and keep the plan's own price", async () => {
    const fetchMock = stubApi({
      [GET_PLANES]: planesOk,
      [PREVIEW]: () => ({
        status: 409,
        body: { success: false, code: 'PROMO_EXHAUSTED', error: 'Ese código ya se agotó.' },
      }),
      [CHECKOUT]: () => ({ status: 200, body: { success: true, url: CHECKOUT_URL } }),
    });
    const { onCheckoutUrl } = renderDialog({ initialPlanId: 3 });
    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    const summary = await within(dialog).findByRole('region', { name: 'Ocho Clases' });
    const field = within(summary).getByLabelText('¿Tienes un código?');
    // Not letters and digits: refused before asking the server.
    await userEvent.type(field, 'BUEN-FIN');
    await userEvent.click(within(summary).getByRole('button', { name: 'Aplicar' }));
    expect(within(summary).getByText('El código solo lleva letras y números.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, PREVIEW)).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, 'BUENFIN');
    await userEvent.click(within(summary).getByRole('button', { name: 'Aplicar' }));
    expect(await within(summary).findByText('Ese código ya se agotó.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    const rows = within(summary)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual(['Precio: $1,500.00', 'Comisión: $59.70', 'Total: $1,559.70']);
    // Paying goes on without the refused code.
    await userEvent.click(within(dialog).getByRole('button', { name: PAY_BUTTON_LABEL }));
    await waitFor(() => expect(onCheckoutUrl).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(bodiesSentTo(fetchMock, CHECKOUT)).toEqual([{ planId: 3 }]);
  });

  it('should send the browser to the checkout URL by default', async () => {
    stubApi({
      [GET_PLANES]: planesOk,
      [CHECKOUT]: () => ({ status: 200, body: { success: true, url: CHECKOUT_URL } }),
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderPage(<PurchaseDialog open onOpenChange={() => undefined} initialPlanId={3} />);
    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    await within(dialog).findByRole('region', { name: 'Ocho Clases' });
    await userEvent.click(within(dialog).getByRole('button', { name: PAY_BUTTON_LABEL }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
  });

  it('should open on a given plan and go back to the others', async () => {
    stubApi({ [GET_PLANES]: planesOk });
    renderDialog({ initialPlanId: 3 });
    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    const summary = await within(dialog).findByRole('region', { name: 'Ocho Clases' });
    expect(summary).toHaveTextContent('$1,559.70');

    expect(within(summary).getByRole('heading', { name: 'Ocho Clases' })).toHaveFocus();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Elegir otro plan' }));
    const buttons = within(dialog).getAllByRole('button', { name: 'Comprar Plan' });
    expect(buttons).toHaveLength(3);
    // Focus returns to the plan that was shown.
    expect(buttons[2]).toHaveFocus();
    expect(within(dialog).queryByRole('button', { name: PAY_BUTTON_LABEL })).not.toBeInTheDocument();
  });

  it('should explain in Spanish when Mercado Pago does not answer, and close on Cerrar', async () => {
    stubApi({
      [GET_PLANES]: planesOk,
      [CHECKOUT]: () => ({
        status: 502,
        body: {
          success: false,
          code: 'PAYMENT_PROVIDER_ERROR',
          error: 'No pudimos conectar con Mercado Pago. Intenta de nuevo en unos minutos; no se hizo ningún cargo.',
        },
      }),
    });
    const { onCheckoutUrl, onOpenChange } = renderDialog({ initialPlanId: 1 });
    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    await within(dialog).findByRole('region', { name: 'Una Clase' });
    await userEvent.click(within(dialog).getByRole('button', { name: PAY_BUTTON_LABEL }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No pudimos conectar con Mercado Pago. Intenta de nuevo en unos minutos; no se hizo ningún cargo.',
    );
    expect(onCheckoutUrl).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: PAY_BUTTON_LABEL })).toBeEnabled();

    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Cerrar' })[0]!);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('should mark an intro plan and say in Spanish when the offer is not for this client', async () => {
    const intro = { id: 9, name: 'Clase de prueba', price: 150, classes: 1, commission: 10, total: 160, intro: true };
    stubApi({
      [GET_PLANES]: () => ({ status: 200, body: { success: true, planes: [intro, ...catalogue] } }),
      [CHECKOUT]: () => ({
        status: 403,
        body: {
          success: false,
          code: 'INTRO_NOT_ELIGIBLE',
          error: 'Esta oferta es solo para tu primera vez en el estudio',
        },
      }),
    });
    const { onCheckoutUrl } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    const list = await within(dialog).findByRole('list', { name: 'Planes' });
    const card = within(list).getByRole('heading', { name: 'Clase de prueba' }).closest('li')!;
    expect(within(card).getByText('Solo primera vez')).toBeInTheDocument();
    expect(within(list).getAllByText('Solo primera vez')).toHaveLength(1);

    await userEvent.click(within(card).getByRole('button', { name: 'Comprar Plan' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: PAY_BUTTON_LABEL }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Esta oferta es solo para tu primera vez en el estudio',
    );
    expect(onCheckoutUrl).not.toHaveBeenCalled();
  });
});

describe('PurchaseDialog holding the reformer chosen in the booking dialog', () => {
  afterEach(() => vi.unstubAllGlobals());
  const chosenClass: ChosenClass = {
    date: '2030-03-05',
    scheduleId: 12,
    time: '7:00 AM',
    spot: { id: 4, label: 'Reformer 4' },
  };

  it('should promise to keep Reformer 4 for 15 minutes and send the hold with the checkout', async () => {
    const fetchMock = stubApi({
      [GET_PLANES]: planesOk,
      [CHECKOUT]: () => ({
        status: 200,
        body: { success: true, url: CHECKOUT_URL, held: { id: 4, label: 'Reformer 4' } },
      }),
    });
    const { onCheckoutUrl } = renderDialog({ initialPlanId: 2, chosenClass });
    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    await within(dialog).findByRole('region', { name: 'Cuatro Clases' });
    expect(dialog).toHaveTextContent('Te guardamos el Reformer 4 por 15 minutos mientras pagas.');

    await userEvent.click(within(dialog).getByRole('button', { name: PAY_BUTTON_LABEL }));
    await waitFor(() => expect(onCheckoutUrl).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(bodiesSentTo(fetchMock, CHECKOUT)).toEqual([
      { planId: 2, hold: { date: '2030-03-05', scheduleId: 12, spot: 4 } },
    ]);
  });

  it('should hold any reformer for "Cualquiera", naming the class', async () => {
    const fetchMock = stubApi({
      [GET_PLANES]: planesOk,
      [CHECKOUT]: () => ({
        status: 200,
        body: { success: true, url: CHECKOUT_URL, held: { id: 1, label: 'Reformer 1' } },
      }),
    });
    renderDialog({ initialPlanId: 2, chosenClass: { ...chosenClass, spot: null } });
    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    await within(dialog).findByRole('region', { name: 'Cuatro Clases' });
    expect(dialog).toHaveTextContent(
      'Te guardamos un reformer en tu clase del martes 5 de marzo de 2030 a las 7:00 AM por 15 minutos mientras pagas.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: PAY_BUTTON_LABEL }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, CHECKOUT)).toEqual([{ planId: 2, hold: { date: '2030-03-05', scheduleId: 12 } }]),
    );
  });

  it('should say why the reformer cannot be held and then sell the plan alone', async () => {
    let calls = 0;
    const fetchMock = stubApi({
      [GET_PLANES]: planesOk,
      [CHECKOUT]: () =>
        ++calls === 1
          ? {
              status: 409,
              body: { success: false, code: 'SPOT_TAKEN', error: 'Ese reformer ya está reservado; elige otro' },
            }
          : { status: 200, body: { success: true, url: CHECKOUT_URL, held: null } },
    });
    const { onCheckoutUrl } = renderDialog({ initialPlanId: 2, chosenClass });
    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    await within(dialog).findByRole('region', { name: 'Cuatro Clases' });
    await userEvent.click(within(dialog).getByRole('button', { name: PAY_BUTTON_LABEL }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Ese reformer ya está reservado; elige otro');
    expect(alert).toHaveTextContent(HOLD_LOST_MESSAGE);
    expect(dialog).not.toHaveTextContent('Te guardamos');

    await userEvent.click(within(dialog).getByRole('button', { name: PAY_BUTTON_LABEL }));
    await waitFor(() => expect(onCheckoutUrl).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(bodiesSentTo(fetchMock, CHECKOUT)).toEqual([
      { planId: 2, hold: { date: '2030-03-05', scheduleId: 12, spot: 4 } },
      { planId: 2 },
    ]);
  });
});

describe('PurchaseDialog prices and pending payments', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should show no commission at all when the studio charges none', async () => {
    const free = catalogue.map((plan) => ({ ...plan, commission: 0, total: plan.price }));
    stubApi({ [GET_PLANES]: () => ({ status: 200, body: { success: true, planes: free } }) });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    const plans = await within(dialog).findByRole('list', { name: 'Planes' });
    expect(plans).not.toHaveTextContent(/comisión/i);

    await userEvent.click(within(plans).getAllByRole('button', { name: 'Comprar Plan' })[1]!);
    const summary = within(dialog).getByRole('region', { name: 'Cuatro Clases' });
    const rows = within(summary)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual(['Precio: $800.00', 'Total: $800.00']);
  });

  it('should tell about an OXXO payment still pending before offering another plan', async () => {
    stubApi({
      [GET_PLANES]: planesOk,
      [PURCHASES]: () => ({
        status: 200,
        body: {
          success: true,
          purchases: [
            purchase({ id: 9, status: 'pending', expiresAt: '2026-12-01T05:59:00.000Z', userPlanId: null }),
            purchase({ id: 8, plan: 'Una Clase', status: 'rejected', userPlanId: null }),
          ],
        },
      }),
    });
    renderDialog({ initialPlanId: 3 });
    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    const notice = await within(dialog).findByText(/Tienes un pago pendiente/);
    expect(notice).toHaveTextContent(
      'Tienes un pago pendiente en OXXO del plan Cuatro Clases ($831.84) hasta el 30 de noviembre de 2026 a las 11:59 PM.',
    );
    // A rejected payment is not one to wait for.
    expect(dialog).not.toHaveTextContent('Una Clase ($');
    expect(within(dialog).getByRole('button', { name: PAY_BUTTON_LABEL })).toBeInTheDocument();
  });
});

describe('validityLabel', () => {
  it('should cover one month from the day of purchase', () => {
    expect(validityLabel('2026-11-24')).toBe('Válido del 24 de noviembre de 2026 al 23 de diciembre de 2026');
    expect(validityLabel('2027-01-31')).toBe('Válido del 31 de enero de 2027 al 28 de febrero de 2027');
  });
});
