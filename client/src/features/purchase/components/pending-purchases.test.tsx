import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '@/test/page-test-utils';
import { PURCHASES, purchase } from '../test-data';
import { FailedPurchases, PendingPurchases } from './pending-purchases';

describe('PendingPurchases', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should list the payments on their way apart from those that failed, each with its own words and colour', async () => {
    stubApi({
      [PURCHASES]: () => ({
        status: 200,
        body: {
          success: true,
          purchases: [
            purchase({ id: 9, status: 'pending', expiresAt: '2026-12-01T05:59:00.000Z', userPlanId: null }),
            purchase({ id: 8, plan: 'Ocho Clases', total: 1559.7, status: 'in_process', userPlanId: null }),
            purchase({ id: 7, plan: 'Una Clase', total: 229.45, status: 'rejected', userPlanId: null }),
            purchase({ id: 6, plan: 'Una Clase', total: 229.45, status: 'expired', userPlanId: null }),
          ],
        },
      }),
    });
    renderPage(
      <>
        <PendingPurchases />
        <FailedPurchases />
      </>,
    );

    const items = within(await screen.findByRole('list', { name: 'Pagos en curso' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Cuatro Clases — $831.84');
    expect(within(items[0]).getByText('Pago pendiente')).toHaveClass('bg-sand');
    expect(items[0]).toHaveTextContent('Paga en OXXO antes del 30 de noviembre de 2026 a las 11:59 PM.');
    expect(items[1]).toHaveTextContent('Ocho Clases — $1,559.70');
    expect(within(items[1]).getByText('Pago en revisión')).toHaveClass('bg-sage-soft');

    const failed = within(screen.getByRole('region', { name: 'Pagos no completados' })).getAllByRole('listitem');
    expect(failed).toHaveLength(2);
    // A rejected payment never reads as pending.
    expect(within(failed[0]!).getByText('Pago rechazado')).toHaveClass('text-danger');
    expect(failed[0]).not.toHaveTextContent(/pendiente/i);
    expect(within(failed[1]!).getByText('Pago vencido')).toHaveClass('text-ink-muted');
    expect(failed[1]).not.toHaveTextContent('OXXO');
  });

  it('should show nothing without open purchases', async () => {
    const fetchMock = stubApi({ [PURCHASES]: () => ({ status: 200, body: { success: true, purchases: [] } }) });
    renderPage(
      <>
        <PendingPurchases />
        <FailedPurchases />
      </>,
    );
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((done) => setTimeout(done, 20));
    expect(screen.queryByRole('list', { name: 'Pagos en curso' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pagos no completados' })).not.toBeInTheDocument();
  });
});
