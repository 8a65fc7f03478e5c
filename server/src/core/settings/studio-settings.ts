import { DEFAULT_STUDIO_CONTACT } from '@pilates/dates';
import type { AppConfig } from '../config/app-config';

/** The strike rule: this many no-shows or late cancellations within `days` block online booking for `blockDays`. */
export interface StrikeRule {
  enabled: boolean;
  count: number;
  days: number;
  blockDays: number;
}

/** How the site tells visitors to reach the studio. */
export interface StudioContact {
  /** The address, one line each, as the site prints it. */
  address: string[];
  /** The phone as people dial it ("722 123 4567"). */
  phone: string;
  /** The studio's e-mail: the Reply-To of its mails unless MAIL_REPLY_TO says otherwise. */
  email: string;
  /** Country code and number, digits only (wa.me format). */
  whatsapp: string;
  /** The studio's Instagram page. */
  instagram: string;
  /** The embedded map's address (Google Maps → Compartir → Insertar un mapa). */
  mapUrl: string;
  /** Free text lines ("Lunes a viernes: 7:00 AM – 9:00 PM"); none shown when empty. */
  openingHours: string[];
}

/** What the owner changes on the "Ajustes" page (stored in studio_settings, read by every replica). */
export interface StudioSettings {
  /** A client cancels for free (the class returns to the plan) until this many hours before the class. */
  cancelHours: number;
  waitlistMax: number;
  /** Promotions stop (and the list closes) this many hours before the class. */
  waitlistCutoffHours: number;
  /** A client promoted after the cancellation deadline may still cancel for this long. */
  waitlistGraceMinutes: number;
  /** After the deadline a client may still free their place ("Liberar lugar"); the class is not returned. */
  lateCancelReleases: boolean;
  /** At the end of the day, clients of a class whose attendance nobody took count as no-shows. */
  autoNoShows: boolean;
  strikeRule: StrikeRule;
  /** The class reminder goes out this many hours before the class. */
  reminderHours: number;
  /** A second reminder, this many hours before the class; null: one reminder only. */
  secondReminderHours: number | null;
  contact: StudioContact;
  /** The gift card amounts on offer, whole pesos, ascending, without repeats ("Tarjeta de regalo"). */
  giftCardAmounts: number[];
  /** Gift cards may also be of the price of each visible plan. */
  giftCardPlanPrices: boolean;
  /** Facturas: the SAT's product or service key (c_ClaveProdServ) of every invoice's line. */
  invoiceProductKey: string;
  /** Facturas: the unit key (c_ClaveUnidad); E48 = "Unidad de servicio". */
  invoiceUnitKey: string;
  /** Facturas: the series of the studio's invoices (the folio is Facturapi's, consecutive per series). */
  invoiceSeries: string;
  /** Facturas: the studio's código postal (lugar de expedición), the global invoice's receiver's too. */
  invoiceZip: string;
  /**
   * Facturas: a client may ask for the invoice of a payment until the end of the payment's calendar
   * month in studio time ('month', what the SAT expects), or this many days more into the next
   * month (1–2: the global invoice then goes out when they end, inside the SAT's 72 hours).
   */
  invoiceGraceDays: number;
  /**
   * Facturas: the concept of an individual invoice's line, as the owner words it. The line reads
   * "<this> · <what was sold>" ("Clases de Pilates Reformer · Plan Ocho Clases (8 clases)"), so the
   * accountant gets the owner's wording and the purchase. Global invoices keep the SAT's "Venta <ref>".
   */
  invoiceDescription: string;
  /** Memberships: days a past-due membership may still book new classes. */
  membershipGraceDays: number;
  /** Memberships: pause days a client may take per calendar year. */
  membershipPauseMaxDaysPerYear: number;
  /** Memberships: classes per studio day an unlimited membership books. */
  membershipDailyLimit: number;
}

/** A change: any top-level setting, the nested ones in part. */
export type StudioSettingsChange = Partial<Omit<StudioSettings, 'strikeRule' | 'contact'>> & {
  strikeRule?: Partial<StrikeRule>;
  contact?: Partial<StudioContact>;
};

/**
 * Until this release the reminder went out 12 hours before the cancellation deadline (a day before
 * a class with CANCEL_HOURS=12): the first-start default keeps that timing.
 */
export const LEGACY_REMINDER_LEAD_HOURS = 12;

/** The gift card amounts (pesos) the site offered before the owner could choose them. */
export const DEFAULT_GIFT_CARD_AMOUNTS = [500, 800, 1000, 1500, 2000, 3000];
/** How many amounts, and from how much to how much (whole pesos), a gift card list may have. */
export const GIFT_CARD_AMOUNTS_MAX = 12;
export const GIFT_CARD_AMOUNT_MIN_PESOS = 100;
export const GIFT_CARD_AMOUNT_MAX_PESOS = 20_000;

/**
 * The first-start values: the environment's (CANCEL_HOURS, WAITLIST_*), and for the rest what the
 * site and the server did before the settings existed, so nothing visible changes on first start.
 */
export function defaultSettings(
  config: Pick<AppConfig, 'cancelHours' | 'waitlistMax' | 'waitlistCutoffHours' | 'waitlistGraceMinutes'>,
): StudioSettings {
  return {
    cancelHours: config.cancelHours,
    waitlistMax: config.waitlistMax,
    waitlistCutoffHours: config.waitlistCutoffHours,
    waitlistGraceMinutes: config.waitlistGraceMinutes,
    lateCancelReleases: true,
    autoNoShows: true,
    strikeRule: { enabled: false, count: 3, days: 30, blockDays: 7 },
    reminderHours: Math.min(config.cancelHours + LEGACY_REMINDER_LEAD_HOURS, MAX_REMINDER_HOURS),
    secondReminderHours: null,
    contact: { ...DEFAULT_STUDIO_CONTACT, address: [...DEFAULT_STUDIO_CONTACT.address], openingHours: [] },
    giftCardAmounts: [...DEFAULT_GIFT_CARD_AMOUNTS],
    giftCardPlanPrices: true,
    // "No existe en el catálogo" until the owner sets the key their accountant chose.
    invoiceProductKey: '01010101',
    invoiceUnitKey: 'E48',
    invoiceSeries: 'F',
    // Metepec, Estado de México.
    invoiceZip: '52140',
    invoiceGraceDays: 0,
    invoiceDescription: 'Clases de Pilates Reformer',
    membershipGraceDays: 7,
    membershipPauseMaxDaysPerYear: 30,
    membershipDailyLimit: 1,
  };
}

export const MAX_REMINDER_HOURS = 168;

/** `change` applied over `base` (nested objects merged key by key). */
export function applyChange(base: StudioSettings, change: StudioSettingsChange): StudioSettings {
  const defined = <T extends object>(part: T | undefined): Partial<T> =>
    Object.fromEntries(Object.entries(part ?? {}).filter(([, value]) => value !== undefined)) as Partial<T>;
  const { strikeRule, contact, ...top } = change;
  const merged = { ...base, ...defined(top) };
  return {
    ...merged,
    // Stored ascending: the page and the buyer's list show them in that order.
    giftCardAmounts: [...merged.giftCardAmounts].sort((a, b) => a - b),
    strikeRule: { ...base.strikeRule, ...defined(strikeRule) },
    contact: { ...base.contact, ...defined(contact) },
  };
}

/**
 * Stored settings read over the defaults: a setting added by a later release (absent from the
 * stored JSON) takes its default, and keys the code no longer knows are dropped.
 */
export function readStored(defaults: StudioSettings, stored: unknown): StudioSettings {
  if (stored === null || typeof stored !== 'object') return defaults;
  const known = <T extends object>(shape: T, value: unknown): Partial<T> => {
    if (value === null || typeof value !== 'object') return {};
    return Object.fromEntries(Object.entries(value).filter(([key]) => key in shape)) as Partial<T>;
  };
  const top = known(defaults, stored);
  return applyChange(defaults, {
    ...top,
    strikeRule: known(defaults.strikeRule, top.strikeRule),
    contact: known(defaults.contact, top.contact),
  });
}

/**
 * The settings one level deep ("strikeRule.count" → strikeRuleCount, "contact.phone" →
 * contactPhone), as the audit log records them: one field per value.
 */
export function flattenSettings(settings: StudioSettings): Record<string, unknown> {
  const { strikeRule, contact, giftCardAmounts, ...top } = settings;
  const prefixed = (prefix: string, part: object) =>
    Object.fromEntries(
      Object.entries(part).map(([key, value]) => [
        `${prefix}${key[0].toUpperCase()}${key.slice(1)}`,
        Array.isArray(value) ? value.join('\n') : value,
      ]),
    );
  return {
    ...top,
    // One text ("$500, $1,000"): the audit compares values, and the page shows it as written.
    giftCardAmounts: giftCardAmounts.map((pesos) => `$${pesos.toLocaleString('en-US')}`).join(', '),
    ...prefixed('strikeRule', strikeRule),
    ...prefixed('contact', contact),
  };
}

/** Where answers to the studio's mails go: MAIL_REPLY_TO when set, else the studio's e-mail from Ajustes. */
export const replyToAddress = (mailReplyTo: string | undefined, settings: StudioSettings): string =>
  mailReplyTo ?? settings.contact.email;

/** Spanish warnings about values that are allowed but probably not meant. */
export function settingsWarnings(settings: StudioSettings): string[] {
  const warnings: string[] = [];
  if (settings.waitlistCutoffHours > settings.cancelHours) {
    warnings.push(
      `La lista de espera cierra ${settings.waitlistCutoffHours} horas antes de la clase, antes de que termine el plazo para cancelar sin costo (${settings.cancelHours} horas): los lugares que se liberen después del cierre no se ofrecerán a nadie de la lista.`,
    );
  }
  if (settings.reminderHours < settings.cancelHours) {
    warnings.push(
      `El recordatorio sale ${settings.reminderHours} horas antes de la clase, cuando ya pasó el plazo para cancelar sin costo (${settings.cancelHours} horas).`,
    );
  }
  return warnings;
}
