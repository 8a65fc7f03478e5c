import '@/components/ui/test-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CataloguePlanDto } from '@/api/generated/model';
import { renderPage, stubApi } from '@/test/page-test-utils';
import { INTRO_BADGE, PLANS_LOAD_ERROR, PLANS_NOTE, PlansGrid } from './plans-grid';

const GET_PLANES = '/api/planes/get-planes';

const catalogue: CataloguePlanDto[] = [
  {
    id: 1,
    name: 'Una Clase',
    price: 220,
    classes: 1,
    commission: 0,
    total: 220,
    intro: false,
    kind: 'pack',
    weeklyLimit: null,
    dailyLimit: null,
    classTypes: [],
  },
  {
    id: 2,
    name: 'Cuatro Clases',
    price: 800,
    classes: 4,
    commission: 0,
    total: 800,
    intro: false,
    kind: 'pack',
    weeklyLimit: null,
    dailyLimit: null,
    classTypes: [],
  },
  {
    id: 3,
    name: 'Ocho Clases',
    price: 1500,
    classes: 8,
    commission: 0,
    total: 1500,
    intro: false,
    kind: 'pack',
    weeklyLimit: null,
    dailyLimit: null,
    classTypes: [],
  },
  {
    id: 4,
    name: 'Doce Clases',
    price: 1900,
    classes: 12,
    commission: 0,
    total: 1900,
    intro: false,
    kind: 'pack',
    weeklyLimit: null,
    dailyLimit: null,
    classTypes: [],
  },
  {
    id: 5,
    name: 'Dieciséis Clases',
    price: 2400,
    classes: 16,
    commission: 0,
    total: 2400,
    intro: false,
    kind: 'pack',
    weeklyLimit: null,
    dailyLimit: null,
    classTypes: [],
  },
  {
    id: 6,
    name: 'Veinte Clases',
    price: 2900,
    classes: 20,
    commission: 0,
    total: 2900,
    intro: false,
    kind: 'pack',
    weeklyLimit: null,
    dailyLimit: null,
    classTypes: [],
  },
];

const GET_COOKIE = '/api/get-cookie';
const CLIENT = {
  id: 4,
  name: 'Ana Ruiz',
  email: 'ana@example.com',
  cumpleanos: '1990-05-17',
  phone: null,
  role: 'user',
};

describe('PlansGrid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should offer a logged-in client to buy each plan, opening the purchase dialog on it', async () => {
    stubApi({
      [GET_PLANES]: () => ({ status: 200, body: { success: true, planes: catalogue } }),
      [GET_COOKIE]: () => ({ status: 200, body: { success: true, user: CLIENT } }),
    });
    renderPage(<PlansGrid />);

    const doce = await screen.findByRole('article', { name: 'Doce Clases' });
    const comprar = await within(doce).findByRole('button', { name: 'Comprar el plan Doce Clases' });
    expect(comprar).toHaveTextContent('Comprar');
    expect(within(doce).getByRole('link', { name: 'Reservar con el plan Doce Clases' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Comprar el plan/ })).toHaveLength(6);

    await userEvent.click(comprar);
    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    expect(within(dialog).getByRole('region', { name: 'Doce Clases' })).toHaveTextContent('$1,900.00');
    expect(within(dialog).getByRole('button', { name: 'Pagar con Mercado Pago' })).toBeInTheDocument();
  });

  it("should send a guest who taps Comprar to log in, then back to that plan's purchase", async () => {
    stubApi({
      [GET_PLANES]: () => ({ status: 200, body: { success: true, planes: catalogue } }),
      [GET_COOKIE]: () => ({ status: 401, body: { success: false, code: 'UNAUTHORIZED', error: 'Inicia sesión.' } }),
    });
    renderPage(<PlansGrid />);
    await screen.findByRole('article', { name: 'Doce Clases' });
    await new Promise((done) => setTimeout(done, 20));
    expect(screen.queryByRole('button', { name: /^Comprar/ })).not.toBeInTheDocument();
    const comprar = screen.getByRole('link', { name: 'Comprar el plan Doce Clases' });
    expect(comprar).toHaveAttribute(
      'href',
      `/pilates/cuenta?redirect=${encodeURIComponent('/pilates/planes?comprar=4')}`,
    );
    expect(screen.getAllByRole('link', { name: /^Comprar el plan/ })).toHaveLength(6);
    expect(screen.getAllByRole('link', { name: /^Reservar/ })).toHaveLength(6);
  });

  it('should mark an intro plan with its "Solo primera vez" badge, and only that one', async () => {
    const intro: CataloguePlanDto = {
      id: 9,
      name: 'Clase de prueba',
      price: 150,
      classes: 1,
      commission: 0,
      total: 150,
      intro: true,
      kind: 'pack',
      weeklyLimit: null,
      dailyLimit: null,
      classTypes: [],
    };
    stubApi({
      [GET_PLANES]: () => ({ status: 200, body: { success: true, planes: [intro, ...catalogue] } }),
      [GET_COOKIE]: () => ({ status: 401, body: { success: false, code: 'UNAUTHORIZED', error: 'Inicia sesión.' } }),
    });
    renderPage(<PlansGrid />);
    const card = await screen.findByRole('article', { name: 'Clase de prueba' });
    expect(within(card).getByText(INTRO_BADGE)).toHaveTextContent('Solo primera vez');
    expect(screen.getAllByText(INTRO_BADGE)).toHaveLength(1);
    expect(within(screen.getByRole('article', { name: 'Una Clase' })).queryByText(INTRO_BADGE)).not.toBeInTheDocument();
  });

  it('should say "Solo Prenatal" on a plan limited to that class type, and only there', async () => {
    const pack: CataloguePlanDto = {
      id: 10,
      name: 'Paquete Prenatal',
      price: 900,
      classes: 4,
      commission: 0,
      total: 900,
      intro: false,
      kind: 'pack',
      weeklyLimit: null,
      dailyLimit: null,
      classTypes: [{ id: 2, name: 'Prenatal' }],
    };
    stubApi({ [GET_PLANES]: () => ({ status: 200, body: { success: true, planes: [pack, ...catalogue] } }) });
    renderPage(<PlansGrid />);
    const card = await screen.findByRole('article', { name: 'Paquete Prenatal' });
    expect(within(card).getByText('Solo Prenatal')).toBeInTheDocument();
    expect(screen.getAllByText(/^Solo /)).toHaveLength(1);
  });

  it('should show the six plans with their price in pesos, the class count and a Reservar link', async () => {
    stubApi({ [GET_PLANES]: () => ({ status: 200, body: { success: true, planes: catalogue } }) });
    renderPage(<PlansGrid />);

    const list = await screen.findByRole('list', { name: 'Planes' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(6);

    const ocho = screen.getByRole('article', { name: 'Ocho Clases' });
    expect(within(ocho).getByRole('heading', { level: 2, name: 'Ocho Clases' })).toBeInTheDocument();
    expect(within(ocho).getByText('8 clases')).toBeInTheDocument();
    expect(within(ocho).getByText('$1,500.00')).toBeInTheDocument();
    // No commission configured: the price stands alone, no "plus Comisión" for $0.
    expect(ocho).not.toHaveTextContent(/comisión/i);
    expect(within(ocho).getByText('$187.50 por clase')).toBeInTheDocument();

    const una = screen.getByRole('article', { name: 'Una Clase' });
    expect(within(una).getByText('1 clase')).toBeInTheDocument();
    expect(within(una).getByText('$220.00')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Veinte Clases' })).getByText('$2,900.00')).toBeInTheDocument();

    const links = within(list).getAllByRole('link', { name: /^Reservar/ });
    expect(links).toHaveLength(6);
    for (const link of links) expect(link).toHaveAttribute('href', '/pilates/reservar');
    expect(within(ocho).getByRole('link', { name: 'Reservar con el plan Ocho Clases' })).toHaveTextContent('Reservar');

    expect(screen.getByText(PLANS_NOTE)).toHaveTextContent('*Planes válidos un mes');
  });

  it('should name the commission and the total charged when there is one', async () => {
    const charged = catalogue.map((plan) => (plan.id === 2 ? { ...plan, commission: 31.84, total: 831.84 } : plan));
    stubApi({ [GET_PLANES]: () => ({ status: 200, body: { success: true, planes: charged } }) });
    renderPage(<PlansGrid />);

    const cuatro = await screen.findByRole('article', { name: 'Cuatro Clases' });
    expect(within(cuatro).getByText('plus Comisión de $31.84')).toBeInTheDocument();
    expect(within(cuatro).getByText('Total: $831.84')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Una Clase' })).not.toHaveTextContent(/comisión/i);
  });

  it('should open the purchase of the plan a client came back to buy, and say when it closes', async () => {
    stubApi({
      [GET_PLANES]: () => ({ status: 200, body: { success: true, planes: catalogue } }),
      [GET_COOKIE]: () => ({ status: 200, body: { success: true, user: CLIENT } }),
    });
    const onPurchaseClosed = vi.fn();
    renderPage(<PlansGrid buyPlanId={5} onPurchaseClosed={onPurchaseClosed} />);

    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    expect(await within(dialog).findByRole('region', { name: 'Dieciséis Clases' })).toHaveTextContent('$2,400.00');
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Cerrar' })[0]!);
    expect(onPurchaseClosed).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('should take the visitor to the booking calendar when Reservar is clicked', async () => {
    stubApi({ [GET_PLANES]: () => ({ status: 200, body: { success: true, planes: catalogue } }) });
    const { router } = renderPage(<PlansGrid />);

    await userEvent.click(await screen.findByRole('link', { name: 'Reservar con el plan Doce Clases' }));
    expect(router.state.location.pathname).toBe('/pilates/reservar');
  });

  it('should show placeholders while the plans load', async () => {
    stubApi({ [GET_PLANES]: () => ({ status: 200, body: { success: true, planes: catalogue } }) });
    renderPage(<PlansGrid />);
    expect(await screen.findByRole('status', { name: 'Cargando planes…' })).toBeInTheDocument();
  });

  it('should explain a failure in Spanish and load the plans again on Reintentar', async () => {
    let calls = 0;
    stubApi({
      [GET_PLANES]: () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { success: false, code: 'INTERNAL_ERROR', error: 'Error interno del servidor.' } }
          : { status: 200, body: { success: true, planes: catalogue } };
      },
    });
    renderPage(<PlansGrid />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PLANS_LOAD_ERROR);
    expect(screen.queryByText(PLANS_NOTE)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findAllByRole('article')).toHaveLength(6);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should show the memberships as their own group, apart from the packs and not in the purchase dialog', async () => {
    const membership: CataloguePlanDto = {
      id: 30,
      name: '3 por semana',
      price: 1200,
      classes: 0,
      commission: 0,
      total: 1200,
      intro: false,
      kind: 'membership',
      weeklyLimit: 3,
      dailyLimit: null,
      classTypes: [],
    };
    stubApi({
      [GET_PLANES]: () => ({ status: 200, body: { success: true, planes: [...catalogue, membership] } }),
      [GET_COOKIE]: () => ({ status: 200, body: { success: true, user: CLIENT } }),
    });
    renderPage(<PlansGrid />);
    const packs = await screen.findByRole('list', { name: 'Planes' });
    expect(within(packs).getAllByRole('article')).toHaveLength(6);
    const memberships = screen.getByRole('list', { name: 'Membresías' });
    expect(within(memberships).getByRole('article', { name: '3 por semana' })).toHaveTextContent('3 clases por semana');
    expect(await screen.findByRole('button', { name: 'Suscribirme a la membresía 3 por semana' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Comprar el plan Una Clase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Elegir otro plan' }));
    const choices = await within(dialog).findByRole('list', { name: 'Planes' });
    expect(within(choices).getAllByRole('listitem')).toHaveLength(6);
    expect(choices).not.toHaveTextContent('3 por semana');
  });
});
