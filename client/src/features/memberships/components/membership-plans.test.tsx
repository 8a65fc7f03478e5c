import '@/components/ui/test-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CataloguePlanDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { MembershipPlans } from './membership-plans';
import { CARDS_ONLY_NOTE, STARTS_NOTE, SubscribeDialog } from './subscribe-dialog';

const SUBSCRIBE = '/api/mercadopago/subscribe';

const plan = (overrides: Partial<CataloguePlanDto>): CataloguePlanDto => ({
  id: 20,
  name: '3 por semana',
  price: 1200,
  classes: 0,
  commission: 47.76,
  total: 1247.76,
  intro: false,
  kind: 'membership',
  weeklyLimit: 3,
  dailyLimit: null,
  classTypes: [],
  ...overrides,
});

const weekly = plan({});
const unlimited = plan({
  id: 21,
  name: 'Ilimitada',
  price: 1800,
  commission: 0,
  total: 1800,
  weeklyLimit: null,
  dailyLimit: 2,
});

describe('MembershipPlans', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should show each membership with its monthly price, its limit and the renewal said plainly', async () => {
    stubApi({});
    renderPage(<MembershipPlans plans={[weekly, unlimited]} loggedIn={false} onSeePacks={() => {}} />);
    const group = await screen.findByRole('list', { name: 'Membresías' });
    const tres = within(group).getByRole('article', { name: '3 por semana' });
    expect(tres).toHaveTextContent('3 clases por semana');
    expect(tres).toHaveTextContent('$1,200.00 al mes');
    expect(tres).toHaveTextContent('plus Comisión de $47.76');
    expect(tres).toHaveTextContent('Total al mes: $1,247.76');
    expect(tres).toHaveTextContent('Se cobra cada mes a tu tarjeta; cancela cuando quieras');
    const ilimitada = within(group).getByRole('article', { name: 'Ilimitada' });
    expect(ilimitada).toHaveTextContent('Ilimitado (2 clases al día)');
    expect(ilimitada).not.toHaveTextContent(/comisión/i);
  });

  it('should send a guest to log in first and back to that membership', async () => {
    stubApi({});
    renderPage(<MembershipPlans plans={[weekly]} loggedIn={false} onSeePacks={() => {}} />);
    expect(await screen.findByRole('link', { name: 'Suscribirme a la membresía 3 por semana' })).toHaveAttribute(
      'href',
      `/pilates/cuenta?redirect=${encodeURIComponent('/pilates/planes?suscribir=20')}`,
    );
  });

  it('should render nothing when the catalogue has no membership', async () => {
    stubApi({});
    renderPage(
      <>
        <p>Planes</p>
        <MembershipPlans plans={[]} loggedIn onSeePacks={() => {}} />
      </>,
    );
    await screen.findByText('Planes');
    expect(screen.queryByRole('heading', { name: 'Membresías' })).not.toBeInTheDocument();
  });

  it('should open the dialog of the membership a client came back to, and say when it closes', async () => {
    stubApi({});
    const closed = vi.fn();
    renderPage(
      <MembershipPlans
        plans={[weekly, unlimited]}
        loggedIn
        subscribePlanId={21}
        onSubscribeClosed={closed}
        onSeePacks={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Membresía Ilimitada' });
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Cerrar' })[0]!);
    expect(closed).toHaveBeenCalled();
  });
});

describe('SubscribeDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should say cards only, the monthly charge and when it starts, then go to Mercado Pago', async () => {
    const fetchMock = stubApi({
      [SUBSCRIBE]: () => ({ status: 200, body: { success: true, url: 'https://mp.example/subscribe/1' } }),
    });
    const go = vi.fn();
    renderPage(
      <SubscribeDialog open onOpenChange={() => {}} plan={weekly} onSeePacks={() => {}} onSubscriptionUrl={go} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Membresía 3 por semana' });
    expect(dialog).toHaveTextContent(CARDS_ONLY_NOTE);
    expect(dialog).toHaveTextContent(STARTS_NOTE);
    expect(dialog).toHaveTextContent('Precio mensual$1,200.00');
    expect(dialog).toHaveTextContent('Comisión$47.76');
    expect(dialog).toHaveTextContent('Se cobra cada mes$1,247.76');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar a Mercado Pago' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://mp.example/subscribe/1'));
    expect(bodiesSentTo(fetchMock, SUBSCRIBE)).toEqual([{ planId: 20 }]);
  });

  it("should show the server's refusal in Spanish and stay open", async () => {
    stubApi({
      [SUBSCRIBE]: () => ({
        status: 409,
        body: { success: false, code: 'MEMBERSHIP_ALREADY_ACTIVE', error: 'Ya tienes una membresía activa.' },
      }),
    });
    const go = vi.fn();
    renderPage(
      <SubscribeDialog open onOpenChange={() => {}} plan={weekly} onSeePacks={() => {}} onSubscriptionUrl={go} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Membresía 3 por semana' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar a Mercado Pago' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ya tienes una membresía activa.');
    expect(go).not.toHaveBeenCalled();
  });

  it('should offer the packs to whoever pays cash: the dialog closes and the page shows them', async () => {
    stubApi({});
    const seePacks = vi.fn();
    const openChange = vi.fn();
    renderPage(<SubscribeDialog open onOpenChange={openChange} plan={unlimited} onSeePacks={seePacks} />);
    const dialog = await screen.findByRole('dialog', { name: 'Membresía Ilimitada' });
    expect(dialog).not.toHaveTextContent('Comisión');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ver paquetes' }));
    expect(openChange).toHaveBeenCalledWith(false);
    expect(seePacks).toHaveBeenCalled();
  });
});
