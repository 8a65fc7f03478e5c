import { useState } from 'react';
import { useCancelInvoice } from '@/api/generated/admin/admin';
import type { AdminInvoiceDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { CANCEL_MOTIVES, CANCELLATION_ASKED_MESSAGE, centsLabel, folioLabel, type CancelMotive } from '../format';

function CancelForm({ invoice, onClose }: { invoice: AdminInvoiceDto; onClose: () => void }) {
  const toast = useToast();
  const cancel = useCancelInvoice();
  const [motive, setMotive] = useState<CancelMotive>('02');
  const chosen = CANCEL_MOTIVES.find((option) => option.value === motive) ?? CANCEL_MOTIVES[0];

  const submit = () =>
    cancel.mutate(
      { data: { id: invoice.id, motive } },
      {
        onSuccess: ({ invoice: answer }) => {
          // Some cancellations wait for the receiver at the SAT: the invoice stands until they accept.
          toast.show(
            answer.cancellationStatus === 'pending'
              ? CANCELLATION_ASKED_MESSAGE
              : `Factura ${folioLabel(invoice)} cancelada ante el SAT.`,
          );
          onClose();
        },
      },
    );

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="text-ink">
        {invoice.legalName} (RFC {invoice.rfc}) · {centsLabel(invoice.totalCents)}. La cancelación se pide al SAT a
        través del PAC y no se puede deshacer.
      </p>
      <Select
        label="Motivo de cancelación"
        options={CANCEL_MOTIVES.map(({ value, label }) => ({ value, label }))}
        value={motive}
        onValueChange={(value) => setMotive(value as CancelMotive)}
        hint={chosen.hint}
      />
      <p className="text-sm text-ink-muted">
        ¿La factura tiene datos equivocados? Usa «Sustituir factura»: se emite una nueva con los datos corregidos y esta
        se cancela con el motivo 01.
      </p>
      <ErrorMessage error={cancel.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose} disabled={cancel.isPending}>
          Volver
        </Button>
        <Button type="submit" variant="danger" loading={cancel.isPending} loadingLabel="Cancelando…">
          Cancelar factura
        </Button>
      </div>
    </form>
  );
}

/** «Cancelar factura»: the SAT's motive (02 by default; 03 when the sale did not happen). */
export function CancelInvoiceDialog({ invoice, onClose }: { invoice: AdminInvoiceDto | null; onClose: () => void }) {
  return (
    <Dialog
      open={invoice !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Cancelar factura"
      description={invoice ? `Factura ${folioLabel(invoice)} de ${invoice.clientName ?? invoice.legalName}` : undefined}
    >
      {/* A fresh form for each invoice: motive 02 again, no leftover error. */}
      {invoice ? <CancelForm key={invoice.id} invoice={invoice} onClose={onClose} /> : null}
    </Dialog>
  );
}
