import '@/components/ui/test-polyfills';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '@/test/page-test-utils';
import { activeMessage, MembershipReturn, WAITING_MESSAGE } from './membership-return';
import { activeMembership } from './test-data';

const MEMBERSHIP = '/api/informacion/membership';
const pending = activeMembership({ status: 'pending', paidThrough: null, bookableUntil: null });

describe('MembershipReturn', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('should say the membership is active once the first charge was approved', async () => {
    stubApi({ [MEMBERSHIP]: () => ({ status: 200, body: { membership: activeMembership() } }) });
    renderPage(<MembershipReturn />);
    const banner = await screen.findByText(activeMessage('3 por semana'));
    expect(banner.closest('[role="status"]')).toHaveAttribute('data-outcome', 'approved');
    expect(screen.getByRole('link', { name: 'Reservar una clase' })).toHaveAttribute('href', '/pilates/reservar');
  });

  it('should wait for the first charge, asking again until Mercado Pago approves it', async () => {
    let calls = 0;
    stubApi({
      [MEMBERSHIP]: () => {
        calls += 1;
        return { status: 200, body: { membership: calls < 2 ? pending : activeMembership() } };
      },
    });
    renderPage(<MembershipReturn />);
    expect(await screen.findByText(WAITING_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByText(activeMessage('3 por semana'), {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(calls).toBe(2);
  }, 10_000);

  it('should say the membership did not start when there is none (the first charge was declined)', async () => {
    stubApi({ [MEMBERSHIP]: () => ({ status: 200, body: { membership: null } }) });
    renderPage(<MembershipReturn />);
    const banner = await screen.findByText(/Mercado Pago no aprobó el primer cobro/);
    expect(banner.closest('[role="status"]')).toHaveAttribute('data-outcome', 'failed');
  });
});
