import type { FiscalDataResponseDto } from '@/api/generated/model';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';

/** An invoice's receiver as a form holds it: the catalogue codes as plain text until chosen (the server checks them). */
export interface FiscalCustomer {
  rfc: string;
  legalName: string;
  taxSystem: string;
  zip: string;
  cfdiUse: string;
  email: string;
}

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

/** Who the words address: the client filling their own data, or staff correcting a client's invoice. */
const WORDS = {
  client: {
    rfcHint: '13 caracteres si eres persona física, 12 si es una empresa.',
    legalNameHint: 'Sin el régimen societario (por ejemplo, sin «S.A. de C.V.»).',
    taxSystem: 'Elige tu régimen',
    useFirst: 'Primero elige tu régimen',
    email: 'Correo para recibir tus facturas',
  },
  staff: {
    rfcHint: '13 caracteres para una persona física, 12 para una empresa.',
    legalNameHint: 'Como en la Constancia de Situación Fiscal, sin el régimen societario (sin «S.A. de C.V.»).',
    taxSystem: 'Elige el régimen',
    useFirst: 'Primero elige el régimen',
    email: 'Correo para la factura',
  },
} as const;

/**
 * The receiver's fields of a CFDI, each error under its field: RFC, name, régimen, código postal,
 * uso (only those the régimen allows; a use the new régimen refuses is cleared) and e-mail. Shared by
 * "Datos de facturación" and «Sustituir factura».
 */
export function FiscalFields<T extends FiscalCustomer>({
  data,
  onChange,
  errors,
  catalogues,
  voice,
}: {
  data: T;
  onChange: (next: T) => void;
  errors: Record<string, string[] | undefined>;
  catalogues: FiscalDataResponseDto;
  voice: keyof typeof WORDS;
}) {
  const words = WORDS[voice];
  const set = (key: keyof FiscalCustomer, value: string) => onChange({ ...data, [key]: value });
  const uses = usesFor(catalogues, data.taxSystem, data.rfc);
  return (
    <>
      <TextField
        label="RFC"
        autoComplete="off"
        hint={words.rfcHint}
        maxLength={20}
        value={data.rfc}
        onChange={(event) => set('rfc', event.target.value.toUpperCase())}
        error={errors.rfc?.[0]}
      />
      <TextField
        label="Nombre o razón social"
        hint={words.legalNameHint}
        maxLength={254}
        value={data.legalName}
        onChange={(event) => set('legalName', event.target.value)}
        error={errors.legalName?.[0]}
      />
      <Select
        label="Régimen fiscal"
        placeholder={words.taxSystem}
        options={catalogues.taxSystems.map((system) => ({
          value: system.code,
          label: `${system.code} – ${system.name}`,
        }))}
        value={data.taxSystem}
        onValueChange={(value) => {
          // A use the new régimen does not allow is cleared, so the list never offers a refused pair.
          const allowed = usesFor(catalogues, value, data.rfc).some((use) => use.code === data.cfdiUse);
          onChange({ ...data, taxSystem: value, cfdiUse: allowed ? data.cfdiUse : '' });
        }}
        error={errors.taxSystem?.[0]}
      />
      <TextField
        label="Código postal del domicilio fiscal"
        inputMode="numeric"
        autoComplete={voice === 'client' ? 'postal-code' : 'off'}
        maxLength={5}
        value={data.zip}
        onChange={(event) => set('zip', event.target.value)}
        error={errors.zip?.[0]}
      />
      <Select
        label="Uso del CFDI"
        placeholder={data.taxSystem ? 'Elige el uso' : words.useFirst}
        disabled={!data.taxSystem}
        options={uses.map((use) => ({ value: use.code, label: `${use.code} – ${use.name}` }))}
        value={data.cfdiUse}
        onValueChange={(value) => set('cfdiUse', value)}
        error={errors.cfdiUse?.[0]}
      />
      <TextField
        label={words.email}
        type="email"
        autoComplete={voice === 'client' ? 'email' : 'off'}
        maxLength={254}
        value={data.email}
        onChange={(event) => set('email', event.target.value)}
        error={errors.email?.[0]}
      />
    </>
  );
}
