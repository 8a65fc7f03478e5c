/*
 * The "Ajustes" form, checked as the server does (server/src/core/settings/dto/settings.dto.ts) with
 * the same Spanish messages: the client refuses early, the server stays the authority.
 */
import { z } from 'zod';
import type { ChangeSettingsDto, SettingsDto } from '@/api/generated/model';
import {
  INVOICING_FIELDS,
  INVOICING_SERVER_FIELDS,
  invoicingChanges,
  invoicingFormInput,
  invoicingShape,
} from './invoicing-schema';

export const MESSAGES = {
  cancelHours: 'Las horas para cancelar sin costo deben ser un número entero entre 0 y 168 (una semana).',
  waitlistMax: 'El tamaño de la lista de espera debe ser un número entero entre 1 y 100.',
  waitlistCutoffHours: 'El cierre de la lista de espera debe ser un número entero de horas entre 0 y 168.',
  waitlistGraceMinutes: 'Los minutos de gracia deben ser un número entero entre 0 y 1440 (un día).',
  strikeCount: 'El número de faltas debe ser un número entero entre 1 y 20.',
  strikeDays: 'El periodo debe ser un número entero de días entre 1 y 365.',
  strikeBlockDays: 'El bloqueo debe ser un número entero de días entre 1 y 365.',
  reminderHours: 'El recordatorio debe salir entre 1 y 168 horas antes de la clase (número entero).',
  secondReminderHours:
    'El segundo recordatorio debe salir entre 1 y 167 horas antes de la clase (número entero), o quedar vacío.',
  secondReminderOrder: 'El segundo recordatorio debe salir más cerca de la clase que el primero (menos horas antes).',
  address: 'La dirección debe tener de 1 a 4 líneas de hasta 120 caracteres.',
  phone: 'El teléfono debe tener solo números, espacios, guiones, paréntesis o +, hasta 30 caracteres.',
  email: 'El correo del estudio no es válido (por ejemplo hola@miestudio.mx).',
  whatsapp: 'El WhatsApp debe ser la clave del país y el número, solo dígitos (de 10 a 15), por ejemplo 527221234567.',
  instagram: 'El Instagram debe ser la dirección de la página, empezando con https://',
  mapUrl: 'El mapa debe ser una dirección que empiece con https:// (Google Maps → Compartir → Insertar un mapa).',
  openingHours: 'El horario debe tener hasta 7 líneas de hasta 120 caracteres.',
  giftCardAmounts:
    'Los montos de las tarjetas de regalo deben ser de 1 a 12, en pesos enteros, cada uno de $100 a $20,000.',
  giftCardAmountsRepeated: 'Los montos de las tarjetas de regalo no deben repetirse.',
  membershipGraceDays:
    'Los días de gracia de una membresía con pago pendiente deben ser un número entero entre 0 y 30.',
  membershipPauseMaxDaysPerYear: 'Los días de pausa al año deben ser un número entero entre 0 y 90.',
  membershipDailyLimit: 'Las clases por día de una membresía ilimitada deben ser un número entero entre 1 y 3.',
} as const;

/** The server's bounds of the memberships' settings (ChangeSettingsDto). */
export const MEMBERSHIP_BOUNDS = {
  membershipGraceDays: { min: 0, max: 30 },
  membershipPauseMaxDaysPerYear: { min: 0, max: 90 },
  membershipDailyLimit: { min: 1, max: 3 },
} as const;

export const GIFT_CARD_AMOUNTS = { max: 12, minPesos: 100, maxPesos: 20_000 } as const;

// A number input gives a string: '' when empty or not a number.
const wholeNumber = (min: number, max: number, message: string) =>
  z.string().trim().regex(/^\d+$/, message).transform(Number).pipe(z.number().min(min, message).max(max, message));

/** A textarea's lines, trimmed, blank ones dropped. */
const lines = (min: number, max: number, message: string) =>
  z
    .string()
    .transform((text) =>
      text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    )
    .pipe(z.array(z.string().max(120, message)).min(min, message).max(max, message));

/** '1500', '$1500' or '$1,500': whole pesos, with the sign and thousands commas as people write them. */
const PESOS = /^\$?\s*(\d{1,3}(,\d{3})+|\d+)$/;

/**
 * The gift card amounts, one a line (or "500, 800" on one line: a comma and a space part them, a
 * comma inside a number is its thousands). Checked as a whole so the message sits on the field;
 * given ascending, as the server stores them.
 */
const giftCardAmounts = z.string().transform((text, ctx) => {
  const typed = text
    .split(/\n|[,;]\s+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const amounts = typed.map((line) => (PESOS.test(line) ? Number(line.replace(/[$,\s]/g, '')) : Number.NaN));
  const { max, minPesos, maxPesos } = GIFT_CARD_AMOUNTS;
  if (amounts.length < 1 || amounts.length > max || amounts.some((a) => !(a >= minPesos && a <= maxPesos))) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.giftCardAmounts });
    return z.NEVER;
  }
  if (new Set(amounts).size !== amounts.length) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.giftCardAmountsRepeated });
    return z.NEVER;
  }
  return amounts.sort((a, b) => a - b);
});

const HTTPS_URL = /^https:\/\/[^\s/$.?#]\S*$/;

export const settingsSchema = z
  .object({
    cancelHours: wholeNumber(0, 168, MESSAGES.cancelHours),
    lateCancelReleases: z.boolean(),
    waitlistMax: wholeNumber(1, 100, MESSAGES.waitlistMax),
    waitlistCutoffHours: wholeNumber(0, 168, MESSAGES.waitlistCutoffHours),
    waitlistGraceMinutes: wholeNumber(0, 1440, MESSAGES.waitlistGraceMinutes),
    autoNoShows: z.boolean(),
    strikeEnabled: z.boolean(),
    strikeCount: wholeNumber(1, 20, MESSAGES.strikeCount),
    strikeDays: wholeNumber(1, 365, MESSAGES.strikeDays),
    strikeBlockDays: wholeNumber(1, 365, MESSAGES.strikeBlockDays),
    reminderHours: wholeNumber(1, 168, MESSAGES.reminderHours),
    // Empty: one reminder only.
    secondReminderHours: z.union([
      z.literal('').transform(() => null),
      wholeNumber(1, 167, MESSAGES.secondReminderHours),
    ]),
    address: lines(1, 4, MESSAGES.address),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[\d\s()-]{7,30}$/, MESSAGES.phone),
    email: z.string().trim().toLowerCase().max(254, MESSAGES.email).pipe(z.email(MESSAGES.email)),
    whatsapp: z
      .string()
      .trim()
      .regex(/^\d{10,15}$/, MESSAGES.whatsapp),
    instagram: z.string().trim().max(200, MESSAGES.instagram).regex(HTTPS_URL, MESSAGES.instagram),
    mapUrl: z.string().trim().max(1000, MESSAGES.mapUrl).regex(HTTPS_URL, MESSAGES.mapUrl),
    openingHours: lines(0, 7, MESSAGES.openingHours),
    giftCardAmounts,
    giftCardPlanPrices: z.boolean(),
    ...invoicingShape,
    membershipGraceDays: wholeNumber(0, 30, MESSAGES.membershipGraceDays),
    membershipPauseMaxDaysPerYear: wholeNumber(0, 90, MESSAGES.membershipPauseMaxDaysPerYear),
    membershipDailyLimit: wholeNumber(1, 3, MESSAGES.membershipDailyLimit),
  })
  .refine((v) => v.secondReminderHours === null || v.secondReminderHours < v.reminderHours, {
    path: ['secondReminderHours'],
    message: MESSAGES.secondReminderOrder,
  });

export type SettingsInput = z.input<typeof settingsSchema>;
export type SettingsValues = z.output<typeof settingsSchema>;

/** Every field of the form, in the order the page shows them. */
export const SETTINGS_FIELDS = [
  'cancelHours',
  'lateCancelReleases',
  'waitlistMax',
  'waitlistCutoffHours',
  'waitlistGraceMinutes',
  'autoNoShows',
  'strikeEnabled',
  'strikeCount',
  'strikeDays',
  'strikeBlockDays',
  'reminderHours',
  'secondReminderHours',
  'address',
  'phone',
  'email',
  'whatsapp',
  'instagram',
  'mapUrl',
  'openingHours',
  'giftCardAmounts',
  'giftCardPlanPrices',
  ...INVOICING_FIELDS,
  'membershipGraceDays',
  'membershipPauseMaxDaysPerYear',
  'membershipDailyLimit',
] as const satisfies readonly (keyof SettingsInput)[];

export type SettingsField = (typeof SETTINGS_FIELDS)[number];

/** The server's field names (`strikeRule.count`, `contact.phone`) as the form's. */
export const SERVER_FIELDS: Record<string, SettingsField> = {
  cancelHours: 'cancelHours',
  lateCancelReleases: 'lateCancelReleases',
  waitlistMax: 'waitlistMax',
  waitlistCutoffHours: 'waitlistCutoffHours',
  waitlistGraceMinutes: 'waitlistGraceMinutes',
  autoNoShows: 'autoNoShows',
  'strikeRule.enabled': 'strikeEnabled',
  'strikeRule.count': 'strikeCount',
  'strikeRule.days': 'strikeDays',
  'strikeRule.blockDays': 'strikeBlockDays',
  reminderHours: 'reminderHours',
  secondReminderHours: 'secondReminderHours',
  'contact.address': 'address',
  'contact.phone': 'phone',
  'contact.email': 'email',
  'contact.whatsapp': 'whatsapp',
  'contact.instagram': 'instagram',
  'contact.mapUrl': 'mapUrl',
  'contact.openingHours': 'openingHours',
  giftCardAmounts: 'giftCardAmounts',
  giftCardPlanPrices: 'giftCardPlanPrices',
  ...INVOICING_SERVER_FIELDS,
  membershipGraceDays: 'membershipGraceDays',
  membershipPauseMaxDaysPerYear: 'membershipPauseMaxDaysPerYear',
  membershipDailyLimit: 'membershipDailyLimit',
};

/** The stored settings as the form's inputs. */
export function toFormInput(settings: SettingsDto): SettingsInput {
  return {
    cancelHours: String(settings.cancelHours),
    lateCancelReleases: settings.lateCancelReleases,
    waitlistMax: String(settings.waitlistMax),
    waitlistCutoffHours: String(settings.waitlistCutoffHours),
    waitlistGraceMinutes: String(settings.waitlistGraceMinutes),
    autoNoShows: settings.autoNoShows,
    strikeEnabled: settings.strikeRule.enabled,
    strikeCount: String(settings.strikeRule.count),
    strikeDays: String(settings.strikeRule.days),
    strikeBlockDays: String(settings.strikeRule.blockDays),
    reminderHours: String(settings.reminderHours),
    secondReminderHours: settings.secondReminderHours === null ? '' : String(settings.secondReminderHours),
    address: settings.contact.address.join('\n'),
    phone: settings.contact.phone,
    email: settings.contact.email,
    whatsapp: settings.contact.whatsapp,
    instagram: settings.contact.instagram,
    mapUrl: settings.contact.mapUrl,
    openingHours: settings.contact.openingHours.join('\n'),
    giftCardAmounts: settings.giftCardAmounts.join('\n'),
    giftCardPlanPrices: settings.giftCardPlanPrices,
    ...invoicingFormInput(settings),
    membershipGraceDays: String(settings.membershipGraceDays),
    membershipPauseMaxDaysPerYear: String(settings.membershipPauseMaxDaysPerYear),
    membershipDailyLimit: String(settings.membershipDailyLimit),
  };
}

const sameLines = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** Only what changed: the audit log then records just that, and nothing else is rewritten. */
export function changesOf(settings: SettingsDto, values: SettingsValues): ChangeSettingsDto {
  const changes: ChangeSettingsDto = {};
  const top = [
    'cancelHours',
    'lateCancelReleases',
    'waitlistMax',
    'waitlistCutoffHours',
    'waitlistGraceMinutes',
    'autoNoShows',
    'reminderHours',
    'secondReminderHours',
    'giftCardPlanPrices',
    'membershipGraceDays',
    'membershipPauseMaxDaysPerYear',
    'membershipDailyLimit',
  ] as const;
  for (const key of top) {
    if (values[key] !== settings[key]) Object.assign(changes, { [key]: values[key] });
  }
  const strike: ChangeSettingsDto['strikeRule'] = {};
  if (values.strikeEnabled !== settings.strikeRule.enabled) strike.enabled = values.strikeEnabled;
  if (values.strikeCount !== settings.strikeRule.count) strike.count = values.strikeCount;
  if (values.strikeDays !== settings.strikeRule.days) strike.days = values.strikeDays;
  if (values.strikeBlockDays !== settings.strikeRule.blockDays) strike.blockDays = values.strikeBlockDays;
  if (Object.keys(strike).length > 0) changes.strikeRule = strike;
  const contact: ChangeSettingsDto['contact'] = {};
  const was = settings.contact;
  if (!sameLines(values.address, was.address)) contact.address = values.address;
  if (values.phone !== was.phone) contact.phone = values.phone;
  if (values.email !== was.email) contact.email = values.email;
  if (values.whatsapp !== was.whatsapp) contact.whatsapp = values.whatsapp;
  if (values.instagram !== was.instagram) contact.instagram = values.instagram;
  if (values.mapUrl !== was.mapUrl) contact.mapUrl = values.mapUrl;
  if (!sameLines(values.openingHours, was.openingHours)) contact.openingHours = values.openingHours;
  if (Object.keys(contact).length > 0) changes.contact = contact;
  if (!sameLines(values.giftCardAmounts, settings.giftCardAmounts)) changes.giftCardAmounts = values.giftCardAmounts;
  Object.assign(changes, invoicingChanges(settings, values));
  return changes;
}
