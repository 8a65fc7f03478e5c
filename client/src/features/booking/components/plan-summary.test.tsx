import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserPlanDto } from '@/api/generated/model';
import { renderWithProviders, stubApi } from '../test-utils';
import { PlanSummary, planForDate } from './plan-summary';

const plan = (extra: Partial<UserPlanDto>): UserPlanDto => ({
  id: 1,
  plan: 'Ocho Clases',
  classes_total: 8,
  classes_remaining: 5,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  is_paid: 1,
  revoked: false,
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
        element?.tagName === 'SPAN'
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
    expect(await screen.findByText('Ninguno de tus planes tiene clases para este día.')).toBeInTheDocument();
  });
});
