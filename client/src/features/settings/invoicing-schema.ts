/*
 * "Facturación" in Ajustes: the studio's fiscal settings, checked as the server does
 * (server/src/core/settings/dto/settings.dto.ts) with the same messages. Kept apart from schemas.ts,
 * which spreads these pieces into the form's schema, its field list and its changes.
 */
import { z } from 'zod';
import type { ChangeSettingsDto, SettingsDto } from '@/api/generated/model';

export const INVOICING_MESSAGES = {
  invoiceProductKey: 'La clave de producto o servicio del SAT son 8 dígitos (por ejemplo 01010101).',
  invoiceUnitKey: 'La clave de unidad del SAT son 2 o 3 letras o números (por ejemplo E48).',
  invoiceSeries: 'La serie de las facturas son de 1 a 25 letras o números.',
  invoiceZip: 'El código postal del estudio son 5 dígitos.',
  invoiceGraceDays:
    'Los días extra para pedir factura deben ser un número entero entre 0 y 2 (el SAT da 72 horas para la factura global).',
  invoiceDescription:
    'La descripción en la factura debe tener de 1 a 200 caracteres visibles (sin caracteres invisibles ni saltos de línea).',
} as const;

/** Invisible, control and direction-changing characters: the server refuses them (server/src/core/dto/text.ts). */
const HIDDEN_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}]/u;

/** The SAT's placeholder key ("No existe en el catálogo"): the accountant should choose the real one. */
export const PLACEHOLDER_PRODUCT_KEY = '01010101';

export const invoicingShape = {
  invoiceProductKey: z
    .string()
    .trim()
    .regex(/^\d{8}$/, INVOICING_MESSAGES.invoiceProductKey),
  // The SAT's unit keys are capitals; typed in lower case they are read as such.
  invoiceUnitKey: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,3}$/, INVOICING_MESSAGES.invoiceUnitKey),
  invoiceSeries: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,25}$/, INVOICING_MESSAGES.invoiceSeries),
  invoiceZip: z
    .string()
    .trim()
    .regex(/^\d{5}$/, INVOICING_MESSAGES.invoiceZip),
  invoiceGraceDays: z
    .string()
    .trim()
    .regex(/^\d+$/, INVOICING_MESSAGES.invoiceGraceDays)
    .transform(Number)
    .pipe(z.number().min(0, INVOICING_MESSAGES.invoiceGraceDays).max(2, INVOICING_MESSAGES.invoiceGraceDays)),
  // The concept of an individual invoice's line; the server adds " · " and what was sold.
  invoiceDescription: z
    .string()
    .trim()
    .min(1, INVOICING_MESSAGES.invoiceDescription)
    .max(200, INVOICING_MESSAGES.invoiceDescription)
    .refine((text) => !HIDDEN_OR_CONTROL.test(text), INVOICING_MESSAGES.invoiceDescription),
};

export const INVOICING_FIELDS = [
  'invoiceProductKey',
  'invoiceUnitKey',
  'invoiceSeries',
  'invoiceZip',
  'invoiceGraceDays',
  'invoiceDescription',
] as const;

export type InvoicingField = (typeof INVOICING_FIELDS)[number];
type InvoicingInput = { [K in InvoicingField]: string };
type InvoicingValues = { [K in InvoicingField]: z.output<(typeof invoicingShape)[K]> };

/** The server's names are the form's. */
export const INVOICING_SERVER_FIELDS: Record<InvoicingField, InvoicingField> = {
  invoiceProductKey: 'invoiceProductKey',
  invoiceUnitKey: 'invoiceUnitKey',
  invoiceSeries: 'invoiceSeries',
  invoiceZip: 'invoiceZip',
  invoiceGraceDays: 'invoiceGraceDays',
  invoiceDescription: 'invoiceDescription',
};

export function invoicingFormInput(settings: SettingsDto): InvoicingInput {
  return {
    invoiceProductKey: settings.invoiceProductKey,
    invoiceUnitKey: settings.invoiceUnitKey,
    invoiceSeries: settings.invoiceSeries,
    invoiceZip: settings.invoiceZip,
    invoiceGraceDays: String(settings.invoiceGraceDays),
    invoiceDescription: settings.invoiceDescription,
  };
}

/** Only the fiscal settings that changed. */
export function invoicingChanges(settings: SettingsDto, values: InvoicingValues): ChangeSettingsDto {
  const changes: ChangeSettingsDto = {};
  for (const key of INVOICING_FIELDS) {
    if (values[key] !== settings[key]) Object.assign(changes, { [key]: values[key] });
  }
  return changes;
}
