import { formatLongDate } from '@pilates/dates';
import { errorMessages } from '@/api/api-error';
import { useState } from 'react';
import {
  useGetPurchaseInvoices,
  useListGiftCards,
  useRefundGiftCard,
  useResendGiftCard,
  useVoidGiftCard,
} from '@/api/generated/admin/admin';
import type { AdminGiftCardDto, AdminInvoiceDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import type { DataTableColumn } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { CancelInvoiceDialog, newestByPurchase, PurchaseInvoice } from '@/features/admin-invoices';
import { centsLabel, GIFT_CARD_METHOD_LABELS, GIFT_CARD_STATUS_LABELS } from '../format';

interface Actions {
  onResend: (card: AdminGiftCardDto) => void;
  onVoid: (card: AdminGiftCardDto) => void;
  onRefund: (card: AdminGiftCardDto) => void;
  pending: number | undefined;
  /** Each card's newest invoice, by card. */
  invoices: ReadonlyMap<number, AdminInvoiceDto>;
  onCancelInvoice: (invoice: AdminInvoiceDto) => void;
}

/** The cards whose invoices the list reads at once (the server's limit for one request). */
const INVOICES_PER_READ = 500;

/** A card's invoice, with «Cancelar factura» and «Sustituir factura»; '—' without one. */
function CardInvoice({ card, actions }: { card: AdminGiftCardDto; actions: Actions }) {
  const invoice = actions.invoices.get(card.id);
  if (!invoice) return <span className="text-ink-subtle">—</span>;
  return (
    <PurchaseInvoice invoice={invoice} purchaseName={`de la tarjeta ${card.id}`} onCancel={actions.onCancelInvoice} />
  );
}

const canResend = (card: AdminGiftCardDto) => card.status === 'paid' || card.status === 'sent';
/** Only an unredeemed card whose payment Mercado Pago refunded can be voided. */
const canVoid = (card: AdminGiftCardDto) =>
  canResend(card) && (card.paymentStatus === 'refunded' || card.paymentStatus === 'charged_back');

/** An unredeemed card whose payment still stands: refunded in full (Mercado Pago, or recorded at the desk) and voided. */
const canRefund = (card: AdminGiftCardDto) => canResend(card) && card.paymentStatus === 'approved';

const methodLabel = (card: AdminGiftCardDto) => GIFT_CARD_METHOD_LABELS[card.method] ?? card.method;

const statusLabel = (card: AdminGiftCardDto) =>
  `${GIFT_CARD_STATUS_LABELS[card.status] ?? card.status}${card.refundedCents > 0 ? ' · pago reembolsado' : ''}`;

const balanceLabel = (card: AdminGiftCardDto) =>
  card.balanceLeftCents === null ? '—' : `${card.redeemedBy ?? ''}: ${centsLabel(card.balanceLeftCents)}`;

function CardActions({ card, actions }: { card: AdminGiftCardDto; actions: Actions }) {
  return (
    <div className="flex flex-wrap gap-2">
      {canResend(card) ? (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Reenviar la tarjeta ${card.id}`}
          loading={actions.pending === card.id}
          onClick={() => actions.onResend(card)}
        >
          Reenviar
        </Button>
      ) : null}
      {canRefund(card) ? (
        <Button
          size="sm"
          variant="danger"
          aria-label={`Reembolsar y anular la tarjeta ${card.id}`}
          loading={actions.pending === card.id}
          onClick={() => actions.onRefund(card)}
        >
          Reembolsar y anular
        </Button>
      ) : null}
      {canVoid(card) ? (
        <Button
          size="sm"
          variant="danger"
          aria-label={`Anular la tarjeta ${card.id}`}
          loading={actions.pending === card.id}
          onClick={() => actions.onVoid(card)}
        >
          Anular
        </Button>
      ) : null}
    </div>
  );
}

const columnsWith = (actions: Actions): DataTableColumn<AdminGiftCardDto>[] => [
  {
    key: 'monto',
    header: 'Monto',
    cell: (card) => centsLabel(card.amountCents),
    className: 'figures whitespace-nowrap',
  },
  { key: 'para', header: 'Para', cell: (card) => `${card.recipientName} (${card.recipientEmail})` },
  { key: 'de', header: 'Compró', cell: (card) => card.buyerName },
  { key: 'entrega', header: 'Entrega', cell: (card) => formatLongDate(card.deliverOn) },
  { key: 'estado', header: 'Estado', cell: statusLabel },
  { key: 'saldo', header: 'Saldo restante', cell: balanceLabel },
  { key: 'pago', header: 'Pago', cell: methodLabel },
  { key: 'factura', header: 'Factura', cell: (card) => <CardInvoice card={card} actions={actions} /> },
  { key: 'acciones', header: 'Acciones', cell: (card) => <CardActions card={card} actions={actions} /> },
];

/** "Tarjetas de regalo": paid cards, pending delivery, sent, redeemed (with the redeemer's balance left) or voided. */
export function AdminGiftCards() {
  const toast = useToast();
  const list = useListGiftCards();
  const resend = useResendGiftCard();
  const voiding = useVoidGiftCard();
  const done = (message: string) => {
    // The list reloads by itself (`resendGiftCard` and `voidGiftCard` in api/invalidation.ts).
    toast.show(message);
  };
  const failed = (error: unknown) => toast.show(errorMessages(error).join(' '), 'error');
  const refunding = useRefundGiftCard();
  const [confirming, setConfirming] = useState<AdminGiftCardDto | null>(null);
  const [cancellingInvoice, setCancellingInvoice] = useState<AdminInvoiceDto | null>(null);
  const purchaseIds = (list.data?.giftCards ?? []).slice(0, INVOICES_PER_READ).map((card) => card.id);
  const invoices = useGetPurchaseInvoices(
    { kind: 'gift_card', purchaseIds },
    { query: { enabled: purchaseIds.length > 0 } },
  );
  const refund = (card: AdminGiftCardDto) =>
    refunding.mutate(
      { data: { id: card.id } },
      {
        onSuccess: () => {
          setConfirming(null);
          done(`Tarjeta ${card.id} reembolsada y anulada`);
        },
        onError: (error) => {
          setConfirming(null);
          failed(error);
        },
      },
    );
  const actions: Actions = {
    onResend: (card) =>
      resend.mutate(
        { data: { id: card.id } },
        { onSuccess: () => done(`Reenviamos la tarjeta a ${card.recipientEmail}`), onError: failed },
      ),
    onVoid: (card) =>
      voiding.mutate(
        { data: { id: card.id } },
        { onSuccess: () => done(`Tarjeta ${card.id} anulada`), onError: failed },
      ),
    onRefund: setConfirming,
    pending: resend.isPending
      ? resend.variables?.data.id
      : voiding.isPending
        ? voiding.variables?.data.id
        : refunding.isPending
          ? refunding.variables?.data.id
          : undefined,
    invoices: newestByPurchase(invoices.data?.invoices ?? [], 'gift_card'),
    onCancelInvoice: setCancellingInvoice,
  };

  if (list.isError) return <ErrorMessage error={list.error} />;
  return (
    <div className="@container">
      <ResponsiveTable
        label="Tarjetas de regalo"
        columns={columnsWith(actions)}
        rows={list.data?.giftCards}
        getRowKey={(card) => card.id}
        cardClassName="space-y-2 px-4 py-4"
        renderCard={(card) => (
          <>
            <div className="flex items-start justify-between gap-3">
              <p className="font-medium text-ink-strong">
                {centsLabel(card.amountCents)} para {card.recipientName}
              </p>
              <span className="text-sm text-ink-muted">{statusLabel(card)}</span>
            </div>
            <p className="text-sm text-ink break-all">{card.recipientEmail}</p>
            <p className="text-sm text-ink-muted">
              Compró {card.buyerName} · Entrega {formatLongDate(card.deliverOn)} · {methodLabel(card)}
            </p>
            {card.balanceLeftCents !== null ? (
              <p className="text-sm text-ink-muted">Saldo restante: {balanceLabel(card)}</p>
            ) : null}
            {actions.invoices.has(card.id) ? <CardInvoice card={card} actions={actions} /> : null}
            <CardActions card={card} actions={actions} />
          </>
        )}
        emptyMessage="Aún no hay tarjetas de regalo pagadas."
        loadingLabel="Cargando las tarjetas…"
        onPageChange={() => undefined}
      />
      <CancelInvoiceDialog invoice={cancellingInvoice} onClose={() => setCancellingInvoice(null)} />
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !refunding.isPending) setConfirming(null);
        }}
        title="Reembolsar y anular"
        description={confirming ? `Tarjeta ${confirming.id} para ${confirming.recipientName}` : undefined}
      >
        {confirming ? (
          <div className="space-y-4">
            <p className="text-ink">
              {confirming.method === 'mercado_pago'
                ? `Mercado Pago devolverá el pago completo a ${confirming.buyerName}.`
                : `Registra que devolviste el dinero en el estudio a ${confirming.buyerName} (no pasa por Mercado Pago).`}{' '}
              La tarjeta de {centsLabel(confirming.amountCents)} quedará anulada y su código ya no se podrá canjear.
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="ghost" onClick={() => setConfirming(null)} disabled={refunding.isPending}>
                Cancelar
              </Button>
              <Button
                variant="danger"
                loading={refunding.isPending}
                loadingLabel="Reembolsando…"
                onClick={() => refund(confirming)}
              >
                Reembolsar y anular
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </div>
  );
}
