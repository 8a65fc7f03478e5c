import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';
import type { SettingsInput, SettingsValues } from '../schemas';
import { PLACEHOLDER_PRODUCT_KEY } from '../invoicing-schema';

type Form = UseFormReturn<SettingsInput, unknown, SettingsValues>;

/**
 * "Facturación": what every CFDI of the studio carries (the SAT's product and unit keys, the series,
 * the lugar de expedición, the concept of a client's invoice) and how long a client may still ask
 * for one after the month ends.
 */
export function InvoicingSettings({ form }: { form: Form }) {
  const errors = form.formState.errors;
  const productKey = form.watch('invoiceProductKey');
  const description = form.watch('invoiceDescription');
  return (
    <section
      aria-labelledby="ajustes-facturacion"
      className="space-y-4 rounded-card border border-line bg-surface p-4 sm:p-6"
    >
      <div>
        <h2 id="ajustes-facturacion" className="text-lg font-semibold text-ink-strong">
          Facturación
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Datos que lleva cada factura (CFDI) del estudio. Tu régimen fiscal y tu razón social se configuran en la
          cuenta de Facturapi. Pide a tu contadora que revise estas claves.
        </p>
      </div>
      <TextField
        label="Clave de producto o servicio (SAT)"
        inputMode="numeric"
        autoComplete="off"
        hint={
          productKey.trim() === PLACEHOLDER_PRODUCT_KEY
            ? '01010101 («No existe en el catálogo») es provisional: tu contadora debe reemplazarla por la clave que eligió para las clases de Pilates.'
            : 'Los 8 dígitos del catálogo c_ClaveProdServ que eligió tu contadora para las clases.'
        }
        error={errors.invoiceProductKey?.message}
        {...form.register('invoiceProductKey')}
      />
      <TextField
        label="Descripción en la factura"
        autoComplete="off"
        hint={`La factura de cada cliente dirá «${description.trim() || 'tu descripción'} · Plan Ocho Clases (8 clases)», con lo que compró: su plan, la tarjeta de regalo o el mes de su membresía. La factura global dice «Venta» y la referencia, como pide el SAT.`}
        error={errors.invoiceDescription?.message}
        {...form.register('invoiceDescription')}
      />
      <TextField
        label="Clave de unidad (SAT)"
        autoComplete="off"
        autoCapitalize="characters"
        hint="E48 es «unidad de servicio», la usual para clases."
        error={errors.invoiceUnitKey?.message}
        {...form.register('invoiceUnitKey')}
      />
      <TextField
        label="Serie de las facturas"
        autoComplete="off"
        hint="Letras o números que van antes del folio (por ejemplo F): así distingues estas facturas de otras."
        error={errors.invoiceSeries?.message}
        {...form.register('invoiceSeries')}
      />
      <TextField
        label="Código postal del estudio"
        inputMode="numeric"
        autoComplete="off"
        hint="El lugar de expedición, como en tu Constancia de Situación Fiscal; también va en la factura global."
        error={errors.invoiceZip?.message}
        {...form.register('invoiceZip')}
      />
      <TextField
        label="Días extra para pedir factura"
        inputMode="numeric"
        autoComplete="off"
        hint="0: solo hasta el último día del mes del pago. Hasta 2 días del mes siguiente; después, la compra va en la factura global."
        error={errors.invoiceGraceDays?.message}
        {...form.register('invoiceGraceDays')}
      />
    </section>
  );
}
