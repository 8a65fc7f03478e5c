/*
 * The "Promociones" form, checked as the server does (server/src/promo-codes/dto/promo-codes.dto.ts):
 * the client refuses early, the server stays the authority.
 */
import { z } from 'zod';

export const MAX_USES = 100_000;
export const MAX_USES_PER_CLIENT = 100;

export const CODE_MESSAGE = 'El código debe tener de 3 a 30 letras y números, sin espacios ni acentos';
export const PERCENT_MESSAGE = 'El porcentaje debe ser un número entero entre 1 y 100';
export const PESOS_MESSAGE = 'El descuento en pesos debe ser mayor que 0, con hasta dos decimales, y hasta $100,000';
export const VALUE_REQUIRED_MESSAGE = 'El descuento es obligatorio';
export const DATE_REQUIRED_MESSAGE = 'La fecha es obligatoria';
export const END_BEFORE_START_MESSAGE = 'La fecha de fin debe ser igual o posterior a la de inicio';
export const MAX_USES_MESSAGE = 'Los usos totales deben ser un número entero entre 1 y 100,000';
export const MAX_PER_CLIENT_MESSAGE = 'Los usos por cliente deben ser un número entero entre 1 y 100';

const wholeNumber = (max: number, message: string) =>
  z.string().trim().regex(/^\d+$/, message).transform(Number).pipe(z.number().min(1, message).max(max, message));

const date = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_REQUIRED_MESSAGE);

export const promoCodeSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{3,30}$/, CODE_MESSAGE)
      .transform((code) => code.toUpperCase()),
    kind: z.enum(['percent', 'fixed']),
    value: z.string().trim().min(1, VALUE_REQUIRED_MESSAGE),
    validFrom: date,
    validTo: date,
    maxUses: wholeNumber(MAX_USES, MAX_USES_MESSAGE),
    maxUsesPerClient: wholeNumber(MAX_USES_PER_CLIENT, MAX_PER_CLIENT_MESSAGE),
    /** Catalogue plan ids as strings (checkboxes); none: every plan. */
    planIds: z.array(z.string()),
    newClientsOnly: z.boolean(),
  })
  .superRefine((form, ctx) => {
    if (form.value !== '') {
      const ok =
        form.kind === 'percent'
          ? /^\d{1,3}$/.test(form.value) && Number(form.value) >= 1 && Number(form.value) <= 100
          : /^\d+(\.\d{1,2})?$/.test(form.value) && Number(form.value) > 0 && Number(form.value) <= 100_000;
      if (!ok) {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: form.kind === 'percent' ? PERCENT_MESSAGE : PESOS_MESSAGE,
        });
      }
    }
    if (form.validFrom && form.validTo && form.validTo < form.validFrom) {
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: END_BEFORE_START_MESSAGE });
    }
  })
  .transform((form) => ({
    ...form,
    value: Number(form.value),
    planIds: form.planIds.map(Number),
  }));

export type PromoCodeInput = z.input<typeof promoCodeSchema>;
export type PromoCodeValues = z.output<typeof promoCodeSchema>;

export const PROMO_CODE_FIELDS = [
  'code',
  'kind',
  'value',
  'validFrom',
  'validTo',
  'maxUses',
  'maxUsesPerClient',
  'planIds',
  'newClientsOnly',
] as const;
