import { useState } from 'react';
import { useGetPurchases } from '@/api/generated/admin/admin';
import type { AdminInvoiceDto, AdminPurchaseDto, AdminUserRowDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { CancelInvoiceDialog, PurchaseInvoice, usePurchaseInvoices } from '@/features/admin-invoices';
import { formatMoney } from '@/lib/format';
import { PURCHASE_ISSUE_LABELS, PURCHASE_METHOD_LABELS, purchaseStatusLabel } from '../format';
import { RefundPaymentDialog } from './refund-payment-dialog';

function Flag({ children, tone }: { children: string; tone: 'warn' | 'muted' }) {
  return (
    <span
      className={
        tone === 'warn'
          ? 'inline-flex rounded-pill bg-danger-soft px-2.5 py-0.5 text-xs font-semibold text-danger'
          : 'inline-flex rounded-pill bg-sand px-2.5 py-0.5 text-xs font-semibold text-ink-muted'
      }
    >
      {children}
    </span>
  );
}

/**
 * A user's purchases through Mercado Pago and at the desk ("Venta en mostrador"): status, refunds,
 * why one gave no plan, "Reembolsar", and each one's invoice with «Cancelar factura».
 */
export function UserPurchases({ user, emptyMessage }: { user: AdminUserRowDto; emptyMessage?: string }) {
  const [refunding, setRefunding] = useState<AdminPurchaseDto | null>(null);
  const [cancelling, setCancelling] = useState<AdminInvoiceDto | null>(null);
  const query = useGetPurchases({ userId: user.id });
  const invoices = usePurchaseInvoices(user.id);

  if (query.isError) return <ErrorMessage error={query.error} />;
  const purchases = query.data?.purchases;
  if (!purchases) return null;
  // In the plans dialog nothing shows when there are none; the client's page says so.
  if (purchases.length === 0) return emptyMessage ? <p className="text-ink-muted">{emptyMessage}</p> : null;

  return (
    <section aria-labelledby="user-purchases-title" className="mt-6 space-y-3">
      <h3 id="user-purchases-title" className="font-semibold text-ink-strong">
        {purchases.some((purchase) => purchase.method !== 'mercado_pago') ? 'Pagos' : 'Pagos con Mercado Pago'}
      </h3>
      <ul className="divide-y divide-line rounded-lg border border-line">
        {purchases.map((purchase) => (
          <li
            key={purchase.id}
            aria-label={`Compra #${purchase.id}`}
            className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
          >
            <div className="min-w-0 space-y-1">
              <p className="font-medium text-ink-strong">
                {purchase.plan} <span className="text-sm font-normal text-ink-subtle">#{purchase.id}</span> ·{' '}
                <span className="figures">{formatMoney(purchase.total)}</span>
              </p>
              <div className="flex flex-wrap gap-2">
                <Flag tone="muted">{purchaseStatusLabel(purchase)}</Flag>
                {purchase.method !== 'mercado_pago' ? (
                  <Flag tone="muted">{`Mostrador · ${PURCHASE_METHOD_LABELS[purchase.method]}`}</Flag>
                ) : null}
                {purchase.issue ? <Flag tone="warn">{PURCHASE_ISSUE_LABELS[purchase.issue]}</Flag> : null}
              </div>
              {purchase.issue === 'amount_mismatch' && purchase.paid !== null ? (
                <p className="text-sm text-ink-muted">Cobrado: {formatMoney(purchase.paid)}; no se dio el plan.</p>
              ) : null}
              {purchase.issue === 'duplicate' && purchase.duplicateOf !== null ? (
                <p className="text-sm text-ink-muted">Segundo pago de la compra #{purchase.duplicateOf}, ya pagada.</p>
              ) : null}
              {purchase.balance > 0 ? (
                <p className="text-sm text-ink-muted">
                  {purchase.status === 'refunded' && purchase.total === 0
                    ? `Devuelto al saldo de regalo: ${formatMoney(purchase.balance)}`
                    : `Pagado con saldo de regalo: ${formatMoney(purchase.balance)}`}
                </p>
              ) : null}
              {purchase.refunded > 0 ? (
                <p className="text-sm text-ink-muted">Reembolsado: {formatMoney(purchase.refunded)}</p>
              ) : null}
              {invoices.get(purchase.id) ? (
                <PurchaseInvoice
                  invoice={invoices.get(purchase.id)!}
                  purchaseName={`de la compra #${purchase.id}`}
                  onCancel={setCancelling}
                />
              ) : null}
            </div>
            {purchase.refundable > 0 ? (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Reembolsar la compra #${purchase.id}`}
                onClick={() => setRefunding(purchase)}
              >
                Reembolsar
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <RefundPaymentDialog purchase={refunding} userName={user.name} onClose={() => setRefunding(null)} />
      <CancelInvoiceDialog invoice={cancelling} onClose={() => setCancelling(null)} />
    </section>
  );
}
