import { useState } from 'react';
import { useCancelInvoice, useGetInvoices } from '@/api/generated/admin/admin';
import type { AdminInvoiceDto, InvoiceDto } from '@/api/generated/model';
import { isApiError } from '@/api/api-error';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { useStudioToday } from '@/lib/studio-clock';
import { CANCEL_MESSAGES, CANCEL_MOTIVES, centsLabel, folioLabel, UUID_PATTERN, type CancelMotive } from '../format';

/**
 * The substitute's id from the UUID the admin pasted: an issued invoice of the cancelled one's month
 * or of the current month (where a corrected invoice is issued), not the cancelled one itself.
 */
export function substituteFor(
  uuid: string,
  invoice: Pick<InvoiceDto, 'id'>,
  issued: readonly Pick<InvoiceDto, 'id' | 'uuid' | 'status'>[],
): { id: number } | { error: string } {
  const typed = uuid.trim();
  if (typed === '') return { error: CANCEL_MESSAGES.substituteRequired };
  if (!UUID_PATTERN.test(typed)) return { error: CANCEL_MESSAGES.substituteFormat };
  const match = issued.find((candidate) => candidate.uuid?.toLowerCase() === typed.toLowerCase());
  if (!match || match.status !== 'issued') return { error: CANCEL_MESSAGES.substituteUnknown };
  if (match.id === invoice.id) return { error: CANCEL_MESSAGES.substituteSelf };
  return { id: match.id };
}

function CancelForm({ invoice, onClose }: { invoice: AdminInvoiceDto; onClose: () => void }) {
  const toast = useToast();
  const cancel = useCancelInvoice();
  const [motive, setMotive] = useState<CancelMotive>('02');
  const [uuid, setUuid] = useState('');
  const [uuidError, setUuidError] = useState<string | undefined>(undefined);
  const currentMonth = useStudioToday().slice(0, 7);
  const wantsSubstitute = motive === '01';
  const ofItsMonth = useGetInvoices(
    { month: invoice.period, status: 'issued' },
    { query: { enabled: wantsSubstitute } },
  );
  const ofThisMonth = useGetInvoices(
    { month: currentMonth, status: 'issued' },
    { query: { enabled: wantsSubstitute && currentMonth !== invoice.period } },
  );
  const chosen = CANCEL_MOTIVES.find((option) => option.value === motive) ?? CANCEL_MOTIVES[0];
  // The server's refusal of the substitute goes under its field; anything else above the buttons.
  const serverSubstituteError = isApiError(cancel.error) ? cancel.error.fieldErrors.substituteId?.join(' ') : undefined;

  const submit = () => {
    let substituteId: number | undefined;
    if (wantsSubstitute) {
      const found = substituteFor(uuid, invoice, [
        ...(ofItsMonth.data?.invoices ?? []),
        ...(ofThisMonth.data?.invoices ?? []),
      ]);
      if ('error' in found) {
        setUuidError(found.error);
        return;
      }
      substituteId = found.id;
    }
    setUuidError(undefined);
    cancel.mutate(
      { data: { id: invoice.id, motive, ...(substituteId !== undefined ? { substituteId } : {}) } },
      {
        onSuccess: () => {
          toast.show(`Factura ${folioLabel(invoice)} cancelada ante el SAT.`);
          onClose();
        },
      },
    );
  };

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
        onValueChange={(value) => {
          setMotive(value as CancelMotive);
          setUuidError(undefined);
        }}
        hint={chosen.hint}
      />
      {wantsSubstitute ? (
        <TextField
          label="UUID de la factura que la sustituye"
          autoComplete="off"
          spellCheck={false}
          placeholder="5D1A6B3E-1C2D-4E5F-8A9B-0C1D2E3F4A5B"
          hint="Emite primero la factura corregida; su UUID aparece en esta lista y en su PDF."
          value={uuid}
          onChange={(event) => setUuid(event.target.value)}
          error={uuidError ?? serverSubstituteError}
        />
      ) : null}
      {serverSubstituteError ? null : <ErrorMessage error={cancel.error} />}
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

/** «Cancelar factura»: the SAT's motive (02 by default; 01 with the substitute's UUID; 03). */
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
      {/* A fresh form for each invoice: motive 02 again, no leftover UUID or error. */}
      {invoice ? <CancelForm key={invoice.id} invoice={invoice} onClose={onClose} /> : null}
    </Dialog>
  );
}
