import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserPlanDto } from '@/api/generated/model';
import { renderWithProviders, stubApi } from '../test-utils';
import { BUY_PLAN_LABEL, NO_PLAN_FOR_DAY, NO_PLAN_YET, PlanSummary, planForDate } from './plan-summary';

const plan = (extra: Partial<UserPlanDto>): UserPlanDto => ({
  id: 1,
  plan: 'Ocho Clases',
  classes_total: 8,
  classes_remaining: 5,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  is_paid: 1,
  revoked: false,
  membership: false,
  ...extra,
});

describe('planForDate', () => {
  it('takes the plan covering the date with classes left that ends first, as the server does', () => {
    const late = plan({ id: 1, plan: 'Doce Clases', endDate: '2026-12-20' });
    const early = plan({ id: 2, plan: 'Ocho Clases', endDate: '2026-12-05' });
    const empty = plan({ id: 3, classes_remaining: 0, endDate: '2026-12-01' });
    const revoked = plan({ id: 4, revoked: true, endDate: '2026-12-01' });
    expect(planForDate([late, early, empty, revoked], '2026-11-30')?.id).toBe(2);
    expect(planForDate([late, early], '2026-12-10')?.id).toBe(1);
    expect(planForDate([late, early], '2027-01-10')).toBeNull();
  });
});

describe('PlanSummary', () => {
  it('says which plan a booking takes from, with the classes left and the end date', async () => {
    stubApi({
      '/api/informacion/get-planes': () => [200, { success: true, planes: [plan({})], pagination: {} }],
    });
    renderWithProviders(<PlanSummary date="2026-11-20" />);
    expect(
      await screen.findByText((_, element) =>
        element?.tagName === 'P'
          ? element.textContent ===
            'Reservas con tu plan Ocho Clases: te quedan 5 clases, vigente hasta el 30 de noviembre de 2026.'
          : false,
      ),
    ).toBeInTheDocument();
  });

  it('says when no plan has classes for the day', async () => {
    stubApi({
      '/api/informacion/get-planes': () => [200, { success: true, planes: [plan({})], pagination: {} }],
    });
    renderWithProviders(<PlanSummary date="2026-12-20" />);
    // Shown (not only in its place, unseen) once the membership's answer says there is none.
    expect(await screen.findByRole('button', { name: BUY_PLAN_LABEL })).toBeInTheDocument();
    expect(screen.getByText(NO_PLAN_FOR_DAY)).toBeVisible();
  });

  it('offers a brand-new client the plans, and tells about a pending OXXO payment first', async () => {
    stubApi({
      '/api/informacion/get-planes': () => [200, { success: true, planes: [], pagination: {} }],
      '/api/planes/get-planes': () => [
        200,
        {
          success: true,
          planes: [{ id: 2, name: 'Cuatro Clases', price: 800, classes: 4, commission: 0, total: 800 }],
        },
      ],
      '/api/mercadopago/purchases': () => [
        200,
        {
          success: true,
          purchases: [
            {
              id: 9,
              plan: 'Cuatro Clases',
              status: 'pending',
              total: 800,
              expiresAt: '2026-12-01T05:59:00.000Z',
              userPlanId: null,
            },
          ],
        },
      ],
    });
    renderWithProviders(<PlanSummary date="2026-12-20" />);
    expect(await screen.findByText(NO_PLAN_YET)).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Tienes un pago pendiente en OXXO del plan Cuatro Clases ($800.00) hasta el 30 de noviembre de 2026 a las 11:59 PM.',
    );

    await userEvent.click(screen.getByRole('button', { name: BUY_PLAN_LABEL }));
    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    expect(await within(dialog).findByRole('button', { name: 'Comprar Plan' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Tienes un pago pendiente en OXXO/)).toBeInTheDocument();
  });
});
