import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '@/test/page-test-utils';
import { PURCHASES, purchase } from '../test-data';
import { PendingPurchases } from './pending-purchases';

describe('PendingPurchases', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should list the open purchases with their state and the OXXO deadline', async () => {
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
    renderPage(<PendingPurchases />);

    const items = within(await screen.findByRole('list', { name: 'Compras pendientes' })).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent('Compra pendiente: Cuatro Clases — $831.84');
    expect(items[0]).toHaveTextContent('pendiente');
    expect(items[0]).toHaveTextContent('Paga en OXXO antes del 30 de noviembre de 2026 a las 11:59 PM.');
    expect(items[1]).toHaveTextContent('Compra pendiente: Ocho Clases — $1,559.70');
    expect(within(items[1]).getByText('en proceso')).toBeInTheDocument();
    expect(within(items[2]).getByText('rechazada')).toHaveClass('text-danger');
    expect(within(items[3]).getByText('vencida')).toBeInTheDocument();
    expect(items[3]).not.toHaveTextContent('OXXO');
  });

  it('should show nothing without open purchases', async () => {
    const fetchMock = stubApi({ [PURCHASES]: () => ({ status: 200, body: { success: true, purchases: [] } }) });
    renderPage(<PendingPurchases />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((done) => setTimeout(done, 20));
    expect(screen.queryByRole('list', { name: 'Compras pendientes' })).not.toBeInTheDocument();
  });
});
