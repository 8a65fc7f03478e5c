/*
 * The catalogue forms, checked as the server does (server/src/admin/dto/admin-plans.dto.ts):
 * the client refuses early, the server stays the authority.
 */
import { z } from 'zod';

export const MAX_NAME_LENGTH = 80;
export const MIN_PRICE = 1;
export const MAX_PRICE = 100_000;
export const MIN_CLASSES = 1;
export const MAX_CLASSES = 100;

export const NAME_REQUIRED_MESSAGE = 'El nombre es obligatorio';
export const NAME_TOO_LONG_MESSAGE = `El nombre no puede tener más de ${MAX_NAME_LENGTH} caracteres`;
export const PRICE_REQUIRED_MESSAGE = 'El precio es obligatorio';
export const PRICE_MESSAGE = 'El precio debe ser un número mayor que 0 con hasta dos decimales';
export const CLASSES_REQUIRED_MESSAGE = 'Las clases son obligatorias';
export const CLASSES_MESSAGE = `Las clases deben ser un número entero entre ${MIN_CLASSES} y ${MAX_CLASSES}`;
export const MIN_WEEKLY = 1;
export const MAX_WEEKLY = 7;
export const WEEKLY_REQUIRED_MESSAGE = 'Escribe las clases por semana o marca «Ilimitado»';
export const WEEKLY_MESSAGE = `Las clases por semana deben ser un número entero entre ${MIN_WEEKLY} y ${MAX_WEEKLY}`;

export const PLAN_KINDS = ['pack', 'membership'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];
export const KIND_LABELS: Record<PlanKind, string> = {
  pack: 'Paquete de clases',
  membership: 'Membresía mensual',
};

/** '1,500.50' → '1500.50': es-MX thousands separators (and a leading '$') are accepted and dropped. */
function plainAmount(value: string): string {
  const text = value.replace(/[\s$]/g, '');
  return /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text) ? text.replace(/,/g, '') : text;
}

const name = z.string().trim().min(1, NAME_REQUIRED_MESSAGE).max(MAX_NAME_LENGTH, NAME_TOO_LONG_MESSAGE);

// Pesos as typed: '1500' or '1750.50'; at most two decimals, like the server's centavos.
const price = z
  .string()
  .trim()
  .min(1, PRICE_REQUIRED_MESSAGE)
  .transform(plainAmount)
  .pipe(z.string().regex(/^\d+(\.\d{1,2})?$/, PRICE_MESSAGE))
  .transform(Number)
  .pipe(z.number().min(MIN_PRICE, PRICE_MESSAGE).max(MAX_PRICE, PRICE_MESSAGE));

// The number inputs give a string: '' when empty or not a number.
const classes = z
  .string()
  .trim()
  .min(1, CLASSES_REQUIRED_MESSAGE)
  .regex(/^\d+$/, CLASSES_MESSAGE)
  .transform(Number)
  .pipe(z.number().min(MIN_CLASSES, CLASSES_MESSAGE).max(MAX_CLASSES, CLASSES_MESSAGE));

const weeklyLimit = z
  .string()
  .trim()
  .min(1, WEEKLY_REQUIRED_MESSAGE)
  .regex(/^\d+$/, WEEKLY_MESSAGE)
  .transform(Number)
  .pipe(z.number().min(MIN_WEEKLY, WEEKLY_MESSAGE).max(MAX_WEEKLY, WEEKLY_MESSAGE));

// The class types the plan includes, as the checkboxes give their ids; none: every type.
const classTypeIds = z.array(z.string()).transform((ids) => ids.map(Number).sort((a, b) => a - b));

/*
 * A pack has a class count; a membership has none (AddCatalogPlanDto skips it) but a weekly limit,
 * or «Ilimitado» (weeklyLimit null: one class a day, the owner's setting). The field the kind does
 * not use is ignored, whatever it holds, so switching kinds back and forth loses nothing.
 */
const planForm = z.object({
  name,
  price,
  kind: z.enum(PLAN_KINDS),
  classes: z.string(),
  weeklyLimit: z.string(),
  unlimited: z.boolean(),
  intro: z.boolean(),
  classTypeIds,
});

const ALLOWANCE_FIELDS: PropertyKey[] = ['kind', 'classes', 'weeklyLimit', 'unlimited'];

export const catalogPlanSchema = planForm
  .superRefine(
    (form, ctx) => {
      const [field, rule, text] =
        form.kind === 'pack'
          ? (['classes', classes, form.classes] as const)
          : (['weeklyLimit', weeklyLimit, form.unlimited ? '1' : form.weeklyLimit] as const);
      const parsed = rule.safeParse(text);
      if (!parsed.success) ctx.addIssue({ code: 'custom', path: [field], message: parsed.error.issues[0].message });
    },
    // Checked beside a wrong name or price too, so every mistake shows at once.
    { when: (payload) => payload.issues.every((issue) => !ALLOWANCE_FIELDS.includes(issue.path?.[0] ?? '')) },
  )
  .transform(({ kind, unlimited, classes: classesText, weeklyLimit: weeklyText, intro, ...rest }) =>
    kind === 'pack'
      ? { ...rest, kind, classes: Number(classesText), weeklyLimit: null, intro }
      : // «Solo primera vez» is a pack's offer; a membership is never sold as one.
        { ...rest, kind, classes: null, weeklyLimit: unlimited ? null : Number(weeklyText), intro: false },
  );
export type CatalogPlanInput = z.input<typeof catalogPlanSchema>;
export type CatalogPlanValues = z.output<typeof catalogPlanSchema>;

export const CATALOG_PLAN_FIELDS = [
  'name',
  'price',
  'kind',
  'classes',
  'weeklyLimit',
  'intro',
  'classTypeIds',
] as const;

/** "Solo Prenatal": the badge of a plan limited to some class types; null for a plan of every type. */
export function onlyTypesLabel(classTypes: { name: string }[]): string | null {
  if (classTypes.length === 0) return null;
  const names = classTypes.map((type) => type.name);
  return `Solo ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`}`;
}

/** A price as the edit form shows it: '1500', '1750.50'. */
export function priceInput(price: number): string {
  return Number.isInteger(price) ? String(price) : price.toFixed(2);
}

/** What a plan gives, as the catalogue lists it: '8 clases', '3 por semana', 'Ilimitado'. */
export function allowanceLabel(plan: { kind: PlanKind; classes: number; weeklyLimit: number | null }): string {
  if (plan.kind === 'pack') return plan.classes === 1 ? '1 clase' : `${plan.classes} clases`;
  return plan.weeklyLimit === null ? 'Ilimitado' : `${plan.weeklyLimit} por semana`;
}
