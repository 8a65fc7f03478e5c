import { useState, type ReactNode } from 'react';
import {
  useCancelAdminMembership,
  useGetAdminMembershipDetail,
  useRefundMembershipCharge,
} from '@/api/generated/admin/admin';
import type { AdminInvoiceDto, AdminMembershipDetailResponseDto, MembershipChargeDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { DataTable, type DataTableColumn } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { CancelInvoiceDialog, PurchaseInvoice, usePurchaseInvoices } from '@/features/admin-invoices';
import { centsLabel, chargeIssueLabel, chargeStatusLabel, dateLabel, instantDateLabel } from '../format';
import { StatusBadge } from './admin-memberships';

/** What the dialog shows: the membership, or one of the two questions asked before a change. */
type Step = { kind: 'detail' } | { kind: 'cancel' } | { kind: 'refund'; charge: MembershipChargeDto };

/** A charge Mercado Pago approved and nobody refunded yet: the one «Reembolsar cobro» applies to. */
export const canRefund = (charge: MembershipChargeDto) => charge.paymentStatus === 'approved' && !charge.refunded;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="font-medium text-ink-strong">{children}</dd>
    </div>
  );
}

const chargeColumns = (
  onRefund: (charge: MembershipChargeDto) => void,
  invoices: Map<number, AdminInvoiceDto>,
  onCancelInvoice: (invoice: AdminInvoiceDto) => void,
): DataTableColumn<MembershipChargeDto>[] => [
  { key: 'fecha', header: 'Fecha', cell: (charge) => instantDateLabel(charge.createdAt) },
  {
    key: 'monto',
    header: 'Monto',
    cell: (charge) => centsLabel(charge.amountCents),
    className: 'figures whitespace-nowrap',
  },
  { key: 'estado', header: 'Estado', cell: (charge) => chargeStatusLabel(charge.paymentStatus) },
  { key: 'periodo', header: 'Pagó hasta', cell: (charge) => dateLabel(charge.periodEnd) },
  { key: 'reembolsado', header: 'Reembolsado', cell: (charge) => (charge.refunded ? 'Sí' : 'No') },
  { key: 'observacion', header: 'Observación', cell: (charge) => chargeIssueLabel(charge.issue) ?? '—' },
  {
    key: 'factura',
    header: 'Factura',
    cell: (charge) => {
      const invoice = invoices.get(charge.id);
      return invoice ? (
        <PurchaseInvoice
          invoice={invoice}
          purchaseName={`del cobro del ${instantDateLabel(charge.createdAt)}`}
          onCancel={onCancelInvoice}
        />
      ) : (
        '—'
      );
    },
  },
  {
    key: 'acciones',
    header: 'Acciones',
    cell: (charge) =>
      canRefund(charge) ? (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Reembolsar cobro del ${instantDateLabel(charge.createdAt)}`}
          onClick={() => onRefund(charge)}
        >
          Reembolsar cobro
        </Button>
      ) : null,
  },
];

function Detail({
  answer,
  onCancel,
  onRefund,
}: {
  answer: AdminMembershipDetailResponseDto;
  onCancel: () => void;
  onRefund: (charge: MembershipChargeDto) => void;
}) {
  const { membership, charges, client } = answer;
  // Each charge's invoice, cancelled from here when the charge was refunded (the Facturas page's dialog).
  const invoices = usePurchaseInvoices(client.id, 'membership');
  const [cancellingInvoice, setCancellingInvoice] = useState<AdminInvoiceDto | null>(null);
  return (
    <div className="space-y-5">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact label="Estado">
          <StatusBadge status={membership.status} />
        </Fact>
        <Fact label="Cobro mensual">{centsLabel(membership.totalCents)}</Fact>
        <Fact label="Pagada hasta">{dateLabel(membership.paidThrough)}</Fact>
        <Fact label="Puede reservar hasta">{dateLabel(membership.bookableUntil)}</Fact>
        {membership.cancelsOn ? <Fact label="Termina el">{dateLabel(membership.cancelsOn)}</Fact> : null}
        {membership.pastDueSince ? (
          <Fact label="Pago pendiente desde">{instantDateLabel(membership.pastDueSince)}</Fact>
        ) : null}
        {membership.bookingBlockedFrom ? (
          <Fact label="Reservas bloqueadas desde">{instantDateLabel(membership.bookingBlockedFrom)}</Fact>
        ) : null}
        <Fact label="Clases">
          {membership.weeklyLimit === null
            ? `Ilimitadas (${membership.dailyLimit === 1 ? '1 al día' : `${membership.dailyLimit} al día`})`
            : `${membership.weeklyLimit} por semana`}
        </Fact>
      </dl>
      {membership.pauses.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold text-ink-strong">Pausas</h3>
          <ul className="mt-1 list-disc pl-5 text-sm text-ink">
            {membership.pauses.map((pause) => (
              <li key={pause.id}>
                Del {dateLabel(pause.from)} al {dateLabel(pause.to)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <h3 className="mb-2 text-sm font-semibold text-ink-strong">Cobros</h3>
        <DataTable
          caption="Cobros de la membresía"
          hideCaption
          columns={chargeColumns(onRefund, invoices, setCancellingInvoice)}
          rows={charges}
          getRowKey={(charge) => charge.id}
          emptyMessage="Aún no hay cobros."
        />
        <CancelInvoiceDialog invoice={cancellingInvoice} onClose={() => setCancellingInvoice(null)} />
      </div>
      {membership.status !== 'cancelled' ? (
        <div className="flex justify-end">
          <Button variant="danger" onClick={onCancel}>
            Cancelar membresía
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function Question({
  text,
  error,
  pending,
  confirmLabel,
  pendingLabel,
  onBack,
  onConfirm,
}: {
  text: string;
  error: unknown;
  pending: boolean;
  confirmLabel: string;
  pendingLabel: string;
  onBack: () => void;
  onConfirm: () => void;
}) {
  return (
    <div className="space-y-4">
      <p className="text-ink">{text}</p>
      <ErrorMessage error={error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onBack} disabled={pending}>
          Volver
        </Button>
        <Button variant="danger" loading={pending} loadingLabel={pendingLabel} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </div>
  );
}

export interface MembershipDetailDialogProps {
  /** The membership to show; null keeps the dialog closed. */
  membershipId: number | null;
  onClose: () => void;
}

/** One membership: its dates, its charges, and «Cancelar membresía» / «Reembolsar cobro» after a question. */
export function MembershipDetailDialog({ membershipId, onClose }: MembershipDetailDialogProps) {
  return (
    <Dialog
      open={membershipId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Membresía"
      className="sm:max-w-3xl"
    >
      {membershipId !== null ? <DetailBody key={membershipId} membershipId={membershipId} /> : null}
    </Dialog>
  );
}

function DetailBody({ membershipId }: { membershipId: number }) {
  const toast = useToast();
  const detail = useGetAdminMembershipDetail({ id: membershipId });
  const cancel = useCancelAdminMembership();
  const refund = useRefundMembershipCharge();
  const [step, setStep] = useState<Step>({ kind: 'detail' });
  const back = () => {
    cancel.reset();
    refund.reset();
    setStep({ kind: 'detail' });
  };

  if (detail.isError) return <ErrorMessage error={detail.error} />;
  if (!detail.data) return <Spinner label="Cargando la membresía…" />;
  const { client, membership } = detail.data;

  if (step.kind === 'cancel') {
    return (
      <Question
        text={`Se cancela en Mercado Pago la membresía «${membership.planName}» de ${client.name}: no habrá más cobros. Sigue vigente hasta el último día pagado${membership.paidThrough ? ` (${dateLabel(membership.paidThrough)})` : ''} y después ya no podrá reservar con ella.`}
        error={cancel.error}
        pending={cancel.isPending}
        confirmLabel="Cancelar membresía"
        pendingLabel="Cancelando…"
        onBack={back}
        onConfirm={() =>
          cancel.mutate(
            { data: { id: membershipId } },
            {
              onSuccess: () => {
                toast.show(`Membresía de ${client.name} cancelada`);
                back();
              },
            },
          )
        }
      />
    );
  }

  if (step.kind === 'refund') {
    const { charge } = step;
    return (
      <Question
        text={`Mercado Pago devolverá ${centsLabel(charge.amountCents)} a ${client.name} por el cobro del ${instantDateLabel(charge.createdAt)}.${charge.periodEnd ? ' Ese cobro pagó un mes: la membresía lo pierde y «Pagada hasta» retrocede un mes.' : ''}`}
        error={refund.error}
        pending={refund.isPending}
        confirmLabel="Reembolsar cobro"
        pendingLabel="Reembolsando…"
        onBack={back}
        onConfirm={() =>
          refund.mutate(
            { data: { chargeId: charge.id } },
            {
              onSuccess: () => {
                toast.show(`Cobro de ${centsLabel(charge.amountCents)} reembolsado`);
                back();
              },
            },
          )
        }
      />
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-ink">
        <span className="font-medium text-ink-strong">{client.name}</span> · {client.email}
        <br />
        {membership.planName}
      </p>
      <Detail
        answer={detail.data}
        onCancel={() => setStep({ kind: 'cancel' })}
        onRefund={(charge) => setStep({ kind: 'refund', charge })}
      />
    </div>
  );
}
