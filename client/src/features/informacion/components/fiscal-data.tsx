import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { isApiError } from '@/api/api-error';
import { getFiscalData, getGetFiscalDataQueryKey, useSaveFiscalData } from '@/api/generated/informacion/informacion';
import type { FiscalDataDto, FiscalDataResponseDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ErrorMessage } from '@/components/ui/error-message';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { PageQueryBoundary, usePageQuery } from '@/lib/page-query';

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

/**
 * The uses the SAT allows for a régimen, and for a person (RFC of 13) or a company (12) once the
 * RFC says which: the same rule the server checks.
 */
export function usesFor(catalogues: FiscalDataResponseDto, taxSystem: string, rfc: string) {
  const length = rfc.replace(/[\s-]/g, '').length;
  const kind = length === 13 ? 'person' : length === 12 ? 'company' : null;
  return catalogues.cfdiUses.filter(
    (use) => use.taxSystems.includes(taxSystem) && (kind === null || (kind === 'person' ? use.person : use.company)),
  );
}

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
  const uses = usesFor(catalogues, data.taxSystem, data.rfc);

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
      <TextField
        label="RFC"
        autoComplete="off"
        hint="13 caracteres si eres persona física, 12 si es una empresa."
        maxLength={20}
        value={data.rfc}
        onChange={(event) => set('rfc', event.target.value.toUpperCase())}
        error={fieldErrors.rfc?.[0]}
      />
      <TextField
        label="Nombre o razón social"
        hint="Sin el régimen societario (por ejemplo, sin «S.A. de C.V.»)."
        maxLength={254}
        value={data.legalName}
        onChange={(event) => set('legalName', event.target.value)}
        error={fieldErrors.legalName?.[0]}
      />
      <Select
        label="Régimen fiscal"
        placeholder="Elige tu régimen"
        options={catalogues.taxSystems.map((system) => ({
          value: system.code,
          label: `${system.code} – ${system.name}`,
        }))}
        value={data.taxSystem}
        onValueChange={(value) => {
          // A use the new régimen does not allow is cleared, so the list never offers a refused pair.
          const allowed = usesFor(catalogues, value, data.rfc).some((use) => use.code === data.cfdiUse);
          setData((current) => ({ ...current, taxSystem: value, cfdiUse: allowed ? current.cfdiUse : '' }));
        }}
        error={fieldErrors.taxSystem?.[0]}
      />
      <TextField
        label="Código postal del domicilio fiscal"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        value={data.zip}
        onChange={(event) => set('zip', event.target.value)}
        error={fieldErrors.zip?.[0]}
      />
      <Select
        label="Uso del CFDI"
        placeholder={data.taxSystem ? 'Elige el uso' : 'Primero elige tu régimen'}
        disabled={!data.taxSystem}
        options={uses.map((use) => ({ value: use.code, label: `${use.code} – ${use.name}` }))}
        value={data.cfdiUse}
        onValueChange={(value) => set('cfdiUse', value)}
        error={fieldErrors.cfdiUse?.[0]}
      />
      <TextField
        label="Correo para recibir tus facturas"
        type="email"
        autoComplete="email"
        maxLength={254}
        value={data.email}
        onChange={(event) => set('email', event.target.value)}
        error={fieldErrors.email?.[0]}
      />
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
