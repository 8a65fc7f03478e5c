import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { isApiError } from '@/api/api-error';
import { getFiscalData, getGetFiscalDataQueryKey, useSaveFiscalData } from '@/api/generated/informacion/informacion';
import type { FiscalDataDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { PageQueryBoundary, usePageQuery } from '@/lib/page-query';
import { FiscalFields } from './fiscal-fields';

/** The caller's fiscal data and the SAT's catalogues (GET /api/informacion/fiscal-data). */
export const fiscalDataQueryOptions = queryOptions({
  queryKey: getGetFiscalDataQueryKey(),
  queryFn: ({ signal }) => getFiscalData({ signal }),
});

export const FISCAL_DATA_SAVED_MESSAGE = 'Tus datos de facturación quedaron guardados.';

/** The form's state: the catalogue codes as plain text until chosen (the server checks them). */
type FiscalForm = Omit<FiscalDataDto, 'taxSystem' | 'cfdiUse'> & { taxSystem: string; cfdiUse: string };

const EMPTY: FiscalForm = {
  rfc: '',
  legalName: '',
  taxSystem: '',
  zip: '',
  cfdiUse: '',
  email: '',
  autoInvoice: false,
};

/** "Datos de facturación": as on the Constancia de Situación Fiscal, each error under its field. */
export function FiscalData({ onSaved }: { onSaved: (message: string) => void }) {
  return (
    <section aria-labelledby="datos-facturacion" className="rounded-card bg-surface p-6 shadow-soft md:p-8">
      <h2 id="datos-facturacion" className="flex items-center gap-2 text-xl font-semibold text-ink-strong">
        <Receipt aria-hidden="true" className="size-5 text-accent" />
        Datos de facturación
      </h2>
      <p className="mt-2 max-w-prose text-ink-muted">
        Escríbelos como aparecen en tu Constancia de Situación Fiscal. Con ellos pides la factura de tus compras en Mis
        planes.
      </p>
      <PageQueryBoundary
        fallback={<Spinner label="Cargando tus datos de facturación…" className="mt-6" />}
        error={(error) => <ErrorMessage error={error} className="mt-6" />}
      >
        <FiscalDataForm onSaved={onSaved} />
      </PageQueryBoundary>
    </section>
  );
}

function FiscalDataForm({ onSaved }: { onSaved: (message: string) => void }) {
  const queryClient = useQueryClient();
  const catalogues = usePageQuery(fiscalDataQueryOptions).data;
  const save = useSaveFiscalData();
  const [data, setData] = useState<FiscalForm>(catalogues.fiscalData ?? EMPTY);
  const set = <K extends keyof FiscalForm>(key: K, value: FiscalForm[K]) =>
    setData((current) => ({ ...current, [key]: value }));
  const fieldErrors = isApiError(save.error) ? save.error.fieldErrors : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { data: data as FiscalDataDto },
      {
        onSuccess: (answer) => {
          queryClient.setQueryData(fiscalDataQueryOptions.queryKey, answer);
          if (answer.fiscalData) setData(answer.fiscalData);
          onSaved(FISCAL_DATA_SAVED_MESSAGE);
        },
      },
    );
  };
  const unnamed = isApiError(save.error) && Object.keys(fieldErrors).length === 0;
  return (
    <form className="mt-6 max-w-md space-y-5" onSubmit={submit} noValidate aria-label="Datos de facturación">
      <FiscalFields data={data} onChange={setData} errors={fieldErrors} catalogues={catalogues} voice="client" />
      <Checkbox
        label="Facturar mis compras automáticamente"
        checked={data.autoInvoice}
        onCheckedChange={(checked) => set('autoInvoice', checked)}
        error={fieldErrors.autoInvoice?.[0]}
      />
      {unnamed ? <ErrorMessage error={save.error} /> : null}
      <Button type="submit" loading={save.isPending} loadingLabel="Guardando…">
        Guardar datos de facturación
      </Button>
    </form>
  );
}
