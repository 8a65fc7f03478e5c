import { formatLongDate, formatLongDateWithWeekday, studioInstant, to12Hour } from '@pilates/dates';
import { cancelDeadline } from '@pilates/dates';
import { studioWords, type BookedClass } from '../events/booked-class';
import type { EventPayloads, EventType, NotificationEvent } from '../events';
import { siteUrl } from '../mail';
import { UPDATE_CARD_URL } from '../events/membership-past-due';

/**
 * The WhatsApp templates the studio registers with Meta (category "Utility", language es_MX), one
 * per event it sends by WhatsApp, with their body's parameters in order. The README lists them as
 * written here (templates.spec.ts holds it to them). Meta refuses a body that starts or ends with a
 * parameter. An event without a template here (payments, account mails) goes by e-mail only.
 */
export const WHATSAPP_TEMPLATES = {
  reserva_confirmada: {
    event: 'reservation.confirmed',
    body: 'Hola, {{1}}: tu clase de Pilates Reformer quedó reservada para el {{2}}. Tu lugar: {{3}}. {{4}} Tus clases: {{5}} ¡Te esperamos!',
    parameters: ['nombre', 'fecha y hora', 'reformer', 'cancelación', 'enlace'],
  },
  recordatorio_clase: {
    event: 'class.reminder',
    body: 'Hola, {{1}}: te esperamos {{2}} en tu clase de Pilates Reformer. Tu lugar: {{3}}. Si no puedes venir, cancélala en {{4}} para que otra persona tome tu lugar.',
    parameters: ['nombre', 'fecha y hora', 'reformer', 'enlace'],
  },
  lista_espera_lugar: {
    event: 'waitlist.promoted',
    body: '¡Hola, {{1}}! Se liberó un lugar y pasaste de la lista de espera a la clase del {{2}}. Tu lugar: {{3}}. Si ya no puedes venir, cancela sin perder la clase hasta {{4}} en {{5}} para que otra persona lo aproveche.',
    parameters: ['nombre', 'fecha y hora', 'reformer', 'cancelación sin costo hasta', 'enlace'],
  },
  clase_cancelada_estudio: {
    event: 'reservation.cancelled',
    body: 'Hola, {{1}}: el estudio canceló la clase del {{2}}. Lo sentimos mucho. La clase volvió a tu plan; puedes reservar otra en {{3}} cuando quieras.',
    parameters: ['nombre', 'fecha y hora', 'enlace'],
  },
  cambio_instructor: {
    event: 'reservation.changed',
    body: 'Hola, {{1}}: tu clase del {{2}} la dará {{3}}. Tu lugar ({{4}}) sigue reservado. {{5}} Tus clases: {{6}} ¡Te esperamos!',
    parameters: ['nombre', 'fecha y hora', 'instructor', 'reformer', 'cancelación', 'enlace'],
  },
  plan_por_terminar: {
    event: 'plan.ending',
    body: 'Hola, {{1}}: te quedan {{2}} de tu plan «{{3}}», que termina el {{4}}. Reserva tus clases en {{5}} antes de esa fecha.',
    parameters: ['nombre', 'clases restantes', 'plan', 'fecha de término', 'enlace'],
  },
  membresia_pago_pendiente: {
    event: 'membership.past_due',
    body: 'Hola, {{1}}: no pudimos cobrar {{2}} de tu membresía «{{3}}». Mercado Pago volverá a intentarlo; si tu tarjeta cambió o venció, actualízala en {{4}}. Reservas nuevas: {{5}}. Tus clases ya reservadas no se cancelan.',
    parameters: ['nombre', 'monto', 'membresía', 'enlace', 'días de gracia'],
  },
} as const satisfies Record<string, { event: EventType; body: string; parameters: readonly string[] }>;

/**
 * Events whose WhatsApp message goes beside the e-mail, not instead of it: a failed membership
 * charge is a payment matter (payments stay e-mail) the client must not miss.
 */
export const BESIDE_EMAIL: ReadonlySet<EventType> = new Set<EventType>(['membership.past_due']);

export type WhatsAppTemplateName = keyof typeof WHATSAPP_TEMPLATES;

/** The language the templates are registered in. */
export const WHATSAPP_TEMPLATE_LANGUAGE = 'es_MX';

/** One template message: its name, its body's parameters in order, and the text the client reads. */
export interface WhatsAppMessage {
  template: WhatsAppTemplateName;
  parameters: string[];
  text: string;
}

/** What the templates read besides the event. */
export interface WhatsAppContext {
  studioTimeZone: string;
  appUrl: string;
  cancelHours: number;
}

const pesos = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

const MY_CLASSES = '/pilates/clases';
const BOOKING = '/pilates/reservar';
const MY_PLANS = '/pilates/clases?ver=planes';

/** "lunes 30 de noviembre de 2026 a las 7:00 AM". */
const whenOf = (item: BookedClass): string =>
  `${formatLongDateWithWeekday(item.date)} a las ${to12Hour(item.startTime)}`;
/** The reformer's label, or what replaces it (a parameter is never empty). */
const spotOf = (item: BookedClass): string => item.spot ?? 'el que elijas al llegar';
/** Meta refuses parameters with new lines, tabs or more than four spaces in a row. */
const clean = (text: string): string =>
  text
    .replace(/[\n\t]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();

type Builder<K extends EventType> = (
  name: string,
  payload: EventPayloads[K],
  context: WhatsAppContext,
) => { template: WhatsAppTemplateName; parameters: string[] } | null;

const BUILDERS: { [K in EventType]?: Builder<K> } = {
  'reservation.confirmed': (name, event, context) => {
    const until = event.cancelUntil
      ? new Date(event.cancelUntil)
      : cancelDeadline(
          studioInstant(event.class.date, event.class.startTime, context.studioTimeZone),
          context.cancelHours,
        );
    const cancel =
      event.cancellable === false
        ? 'Reservaste dentro del límite de cancelación: esta clase ya no se puede cancelar.'
        : `Puedes cancelarla sin perder la clase hasta ${studioWords(until, context.studioTimeZone)}.`;
    return {
      template: 'reserva_confirmada',
      parameters: [name, whenOf(event.class), spotOf(event.class), cancel, siteUrl(context, MY_CLASSES)],
    };
  },
  'class.reminder': (name, event, context) => ({
    template: 'recordatorio_clase',
    parameters: [
      name,
      event.sentOn === event.class.date ? `hoy a las ${to12Hour(event.class.startTime)}` : `el ${whenOf(event.class)}`,
      spotOf(event.class),
      siteUrl(context, MY_CLASSES),
    ],
  }),
  'waitlist.promoted': (name, event, context) => ({
    template: 'lista_espera_lugar',
    parameters: [
      name,
      whenOf(event.class),
      spotOf(event.class),
      studioWords(new Date(event.cancelUntil), context.studioTimeZone),
      siteUrl(context, MY_CLASSES),
    ],
  }),
  // Only the studio's cancellations: a client who cancelled knows, the e-mail receipt is enough.
  'reservation.cancelled': (name, event, context) =>
    event.byStudio
      ? {
          template: 'clase_cancelada_estudio',
          parameters: [name, whenOf(event.class), siteUrl(context, `${BOOKING}?fecha=${event.class.date}`)],
        }
      : null,
  // A change of instructor alone (a substitute, or the timetable's): a new time goes by e-mail.
  'reservation.changed': (name, event, context) => {
    const now = event.class;
    if (now.startTime !== event.before.startTime || now.instructor === event.before.instructor || !now.instructor)
      return null;
    const cancel = event.cancelFreeUntil
      ? `Si prefieres no tomarla, puedes cancelarla sin perder la clase hasta ${studioWords(new Date(event.cancelFreeUntil), context.studioTimeZone)}.`
      : 'Si ya no te queda bien, cancélala para que otra persona tome tu lugar.';
    return {
      template: 'cambio_instructor',
      parameters: [name, whenOf(now), now.instructor, spotOf(now), cancel, siteUrl(context, MY_CLASSES)],
    };
  },
  'membership.past_due': (name, event) => ({
    template: 'membresia_pago_pendiente',
    parameters: [
      name,
      pesos.format(event.totalCents / 100),
      event.planName,
      UPDATE_CARD_URL,
      event.graceDays > 0
        ? `puedes hacerlas ${event.graceDays === 1 ? '1 día' : `${event.graceDays} días`} más`
        : 'esperan a que el pago se complete',
    ],
  }),
  'plan.ending': (name, event, context) => ({
    template: 'plan_por_terminar',
    parameters: [
      name,
      event.classesRemaining === 1 ? '1 clase' : `${event.classesRemaining} clases`,
      event.planName,
      formatLongDate(event.endDate),
      siteUrl(context, MY_PLANS),
    ],
  }),
};

/** The event's WhatsApp message, or null when it has none (it goes by e-mail). */
export function renderWhatsApp(event: NotificationEvent, context: WhatsAppContext): WhatsAppMessage | null {
  // The builder of `event.type` takes that type's payload: TypeScript cannot pair the two through a union.
  const build = BUILDERS[event.type] as Builder<EventType> | undefined;
  const built = build?.(event.to.name.trim() || 'hola', event.payload, context);
  if (!built) return null;
  const parameters = built.parameters.map(clean);
  const body: string = WHATSAPP_TEMPLATES[built.template].body;
  const text = body.replace(/\{\{(\d+)\}\}/g, (_, index: string) => parameters[Number(index) - 1] ?? '');
  return { template: built.template, parameters, text };
}

/** Whether the event has a WhatsApp message at all. */
export const hasWhatsApp = (event: NotificationEvent, context: WhatsAppContext): boolean =>
  renderWhatsApp(event, context) !== null;
