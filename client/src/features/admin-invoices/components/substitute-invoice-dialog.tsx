import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '@/api/api-error';
import { useSubstituteInvoice } from '@/api/generated/admin/admin';
import type { AdminInvoiceDto, SubstituteInvoiceDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { FiscalFields, fiscalDataQueryOptions, type FiscalCustomer } from '@/features/informacion';
import { canCorrect, folioLabel } from '../format';

/**
 * Who is substituted and from which data: an issued invoice from its own; a substitute the PAC
 * refused («Corregir datos») sends its data again through the invoice it replaces.
 */
function targetOf(invoice: AdminInvoiceDto): { id: number; name: string } {
  if (canCorrect(invoice)) return { id: invoice.replacesId!, name: 'la factura original' };
  return { id: invoice.id, name: `la ${folioLabel(invoice)}` };
}

function SubstituteForm({ invoice, onClose }: { invoice: AdminInvoiceDto; onClose: () => void }) {
  const toast = useToast();
  const catalogues = useQuery(fiscalDataQueryOptions);
  const substitute = useSubstituteInvoice();
  const [data, setData] = useState<FiscalCustomer>({
    rfc: invoice.rfc,
    legalName: invoice.legalName,
    taxSystem: invoice.taxSystem,
    zip: invoice.zip,
    cfdiUse: invoice.cfdiUse,
    email: invoice.email ?? '',
  });
  const fieldErrors = isApiError(substitute.error) ? substitute.error.fieldErrors : {};
  const unnamed = isApiError(substitute.error) && Object.keys(fieldErrors).length === 0;
  const target = targetOf(invoice);

  if (catalogues.isError) return <ErrorMessage error={catalogues.error} />;
  if (!catalogues.data) return <Spinner label="Cargando los catálogos del SAT…" />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    substitute.mutate(
      { data: { id: target.id, ...data } as SubstituteInvoiceDto },
      {
        onSuccess: () => {
          toast.show(`Sustituta en cola: al timbrarse, ${target.name} se cancela con el motivo 01.`);
          onClose();
        },
      },
    );
  };

  return (
    <form noValidate className="space-y-4" onSubmit={submit} aria-label="Datos corregidos">
      <p className="text-ink">
        Se emite una factura nueva con estos datos, relacionada con {target.name} (sustitución). Cuando se timbre,{' '}
        {target.name} se cancela ante el SAT con el motivo 01. Estos datos también quedan como los datos de facturación
        de {invoice.clientName ?? 'el cliente'}.
      </p>
      <FiscalFields data={data} onChange={setData} errors={fieldErrors} catalogues={catalogues.data} voice="staff" />
      {unnamed ? <ErrorMessage error={substitute.error} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose} disabled={substitute.isPending}>
          Volver
        </Button>
        <Button type="submit" loading={substitute.isPending} loadingLabel="Enviando…">
          Sustituir factura
        </Button>
      </div>
    </form>
  );
}

/**
 * «Sustituir factura»: the invoice re-issued with corrected data (a new one related to it, motive 01
 * for it once stamped), prefilled with its data; «Corregir datos» of a refused substitute too.
 */
export function SubstituteInvoiceDialog({
  invoice,
  onClose,
}: {
  invoice: AdminInvoiceDto | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={invoice !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Sustituir factura"
      description={
        invoice
          ? `${canCorrect(invoice) ? 'Sustituta rechazada' : `Factura ${folioLabel(invoice)}`} de ${invoice.clientName ?? invoice.legalName}`
          : undefined
      }
    >
      {/* A fresh form for each invoice: its own data, no leftover error. */}
      {invoice ? <SubstituteForm key={invoice.id} invoice={invoice} onClose={onClose} /> : null}
    </Dialog>
  );
}
