/*
 * How the audit log shows an entry: when (studio time), about what, and what changed
 * ("Clases: 8 → 10"), with the server's field names turned into the Spanish labels of the forms.
 */
import {
  formatLongDate,
  formatLongDateWithWeekday,
  isDateOnly,
  isTime24,
  studioTimeOfDay,
  to12Hour,
  WEEKDAY_NAMES,
} from '@pilates/dates';
import { AUDIT_ACTION_LABELS, AUDIT_FIELDS, type AuditActionName, type AuditFieldName } from '@/api/generated/audit';
import type { AuditEntryDto } from '@/api/generated/model';
import { studioTimeZone } from '@/lib/studio-time-zone';
import { formatMoney } from '@/lib/format';

export const NO_VALUE = '—';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateIn(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('es-MX', {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    dateFormats.set(timeZone, format);
  }
  return format;
}

/** '23 nov 2026, 9:15 AM' in the studio's time zone, whatever the browser's; times as the rest of the site shows them. */
export function formatAuditDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const timeZone = studioTimeZone();
  return `${dateIn(timeZone).format(date)}, ${to12Hour(studioTimeOfDay(date, timeZone))}`;
}

/** Each action in a few words, for the action filter: the server's own labels (it sends each entry's too). */
export const ACTION_LABELS: Record<AuditActionName, string> = AUDIT_ACTION_LABELS;

/** Each recorded field in the words of the forms; a field the server adds without one fails to compile and fails the test. */
export const FIELD_LABELS: Record<AuditFieldName, string> = {
  id: 'Número de plan',
  name: 'Nombre',
  email: 'Correo electrónico',
  cumpleanos: 'Fecha de nacimiento',
  role: 'Rol',
  active: 'Activo',
  cancelledReservations: 'Reservas canceladas',
  plan: 'Plan',
  classes_remaining: 'Clases restantes',
  startDate: 'Fecha de inicio',
  endDate: 'Fecha de término',
  is_paid: 'Pagado',
  price: 'Precio (MXN)',
  classes: 'Clases',
  visible: 'Visible',
  intro: 'Solo primera vez',
  weekday: 'Día',
  startTime: 'Hora',
  capacity: 'Cupo',
  instructor: 'Instructor',
  substitute: 'Suplente',
  date: 'Fecha',
  time: 'Hora',
  status: 'Estado',
  userPlanId: 'Plan usado',
  paidAtStudio: 'Paga en el estudio',
  attended: 'Asistencia',
  refunded: 'Reembolsado',
  requested: 'Reembolso pedido',
  providerPaymentId: 'Folio de Mercado Pago',
  paidThrough: 'Pagada hasta',
  cancelsOn: 'Vigente hasta',
  toBalance: 'Devuelto al saldo de regalo',
  reservationId: 'Reserva',
  spot: 'Reformer',
  row: 'Fila',
  column: 'Columna',
  reason: 'Motivo',
  moved: 'Clientes cambiados de reformer',
  cancelHours: 'Horas para cancelar sin costo',
  waitlistMax: 'Lugares en la lista de espera',
  waitlistCutoffHours: 'Cierre de la lista de espera (horas antes)',
  waitlistGraceMinutes: 'Minutos de gracia tras la lista de espera',
  lateCancelReleases: 'Liberar lugar después del límite',
  autoNoShows: 'Marcar inasistencias automáticamente',
  strikeRuleEnabled: 'Regla de penalización activa',
  strikeRuleCount: 'Faltas que bloquean',
  strikeRuleDays: 'Periodo de las faltas (días)',
  strikeRuleBlockDays: 'Días de bloqueo',
  reminderHours: 'Recordatorio (horas antes)',
  secondReminderHours: 'Segundo recordatorio (horas antes)',
  contactAddress: 'Dirección',
  contactPhone: 'Teléfono',
  contactEmail: 'Correo del estudio',
  // "Whatsapp": the labels test refuses camelCase-looking words ("WhatsApp" reads as one).
  contactWhatsapp: 'Número de Whatsapp',
  contactInstagram: 'Instagram',
  contactMapUrl: 'Mapa',
  contactOpeningHours: 'Horario de atención',
  giftCardAmounts: 'Montos de las tarjetas de regalo',
  giftCardPlanPrices: 'Tarjetas de regalo del precio de cada plan',
  invoiceProductKey: 'Facturas: clave de producto o servicio',
  invoiceUnitKey: 'Facturas: clave de unidad',
  invoiceSeries: 'Facturas: serie',
  invoiceZip: 'Facturas: código postal del estudio',
  invoiceGraceDays: 'Facturas: días extra para pedir factura',
  invoiceDescription: 'Facturas: descripción en la factura',
  membershipGraceDays: 'Membresías: días de gracia con pago pendiente',
  membershipPauseMaxDaysPerYear: 'Membresías: días de pausa al año',
  membershipDailyLimit: 'Membresías ilimitadas: clases por día',
  forgiven: 'Perdonado',
  classReturned: 'Clase devuelta al plan',
  code: 'Código',
  discount: 'Descuento',
  maxUses: 'Usos en total',
  maxUsesPerClient: 'Usos por cliente',
  plans: 'Planes',
  newClientsOnly: 'Solo clientes nuevos',
  method: 'Forma de pago',
  total: 'Total (MXN)',
  received: 'Recibido (MXN)',
  change: 'Cambio (MXN)',
  giftStatus: 'Tarjeta de regalo',
  bio: 'Semblanza',
  specialties: 'Especialidades',
  sortOrder: 'Orden en las listas',
  account: 'Correo de la cuenta ligada',
  note: 'Nota',
  coverStatus: 'Petición de suplente',
  payPerClass: 'Pago por clase',
  payPerAttendee: 'Pago por asistente',
  payAttendeeThreshold: 'Asistentes incluidos en el pago por clase',
  photo: 'Foto',
  level: 'Nivel',
  description: 'Descripción',
  durationMinutes: 'Duración (minutos)',
  colour: 'Color',
  classType: 'Tipo de clase',
  classTypes: 'Tipos de clase del plan',
  planKind: 'Tipo de plan',
  weeklyLimit: 'Clases por semana (membresía)',
  folio: 'Folio',
  arcoStatus: 'Solicitud ARCO',
  responseNote: 'Respuesta',
};

/** Every value of the fields of fixed values. */
export const VALUE_LABELS = {
  role: { user: 'Usuario', admin: 'Administrador', instructor: 'Instructor' },
  status: {
    active: 'Activa',
    cancelled: 'Cancelada',
    scheduled: 'Programada',
    waiting: 'En espera',
    removed: 'Quitado de la lista',
    promoted: 'Pasó a la clase',
    left: 'Salió de la lista',
    created: 'Pago sin abrir',
    pending: 'Pago pendiente',
    approved: 'Pago aprobado',
    authorized: 'Pago autorizado',
    in_process: 'Pago en revisión',
    in_mediation: 'Pago en disputa',
    rejected: 'Pago rechazado',
    refunded: 'Pago reembolsado',
    charged_back: 'Contracargo',
    expired: 'Pago vencido',
  },
  attended: { true: 'Asistió', false: 'No asistió', null: 'Sin marcar' },
  forgiven: { late_release: 'Lugar liberado tarde', no_show: 'Inasistencia' },
  method: { efectivo: 'Efectivo', transferencia: 'Transferencia', terminal: 'Tarjeta en terminal' },
  giftStatus: { paid: 'Pagada, por enviar', sent: 'Enviada', voided: 'Anulada' },
  coverStatus: { open: 'Abierta', approved: 'Aprobada', declined: 'Rechazada', withdrawn: 'Retirada' },
  planKind: { pack: 'Paquete de clases', membership: 'Membresía mensual' },
  arcoStatus: { recibida: 'Recibida', en_proceso: 'En proceso', respondida: 'Respondida', rechazada: 'Rechazada' },
} satisfies Record<string, Record<string, string>>;

const fieldLabel = (field: string): string => (FIELD_LABELS as Record<string, string>)[field] ?? field;

const valueLabel = (table: Record<string, string>, value: unknown): string | undefined =>
  Object.prototype.hasOwnProperty.call(table, String(value)) ? table[String(value)] : undefined;

const yesNo = (value: unknown): string | undefined => {
  if (value === true || value === 1 || value === '1') return 'Sí';
  if (value === false || value === 0 || value === '0') return 'No';
  return undefined;
};

/** A wall-clock time '07:00' (or '07:00:00') as the site shows it: '7:00 AM'. */
const clock = (value: unknown): string | undefined => {
  const time = typeof value === 'string' ? value.slice(0, 5) : undefined;
  return isTime24(time) ? to12Hour(time) : undefined;
};

const longDate = (value: unknown) => (isDateOnly(value) ? formatLongDate(value) : undefined);
const money = (value: unknown) => (typeof value === 'number' ? formatMoney(value) : undefined);
const numbered = (value: unknown) => (typeof value === 'number' ? `n.º ${value}` : undefined);

/** How each kind of value the server declares is written (audit-fields.ts on the server). */
const KIND_FORMATTERS: Record<string, (value: unknown) => string | undefined> = {
  text: (value) => (typeof value === 'string' ? value : undefined),
  email: (value) => (typeof value === 'string' ? value : undefined),
  date: longDate,
  time: clock,
  weekday: (value) => (typeof value === 'number' ? WEEKDAY_NAMES[value] || undefined : undefined),
  money,
  count: (value) => (typeof value === 'number' ? String(value) : undefined),
  yesNo,
  reference: numbered,
};

/** Fields whose value needs more than its kind says. */
const FIELD_FORMATTERS: Partial<Record<AuditFieldName, (value: unknown) => string | undefined>> = {
  role: (value) => valueLabel(VALUE_LABELS.role, value),
  status: (value) => valueLabel(VALUE_LABELS.status, value),
  attended: (value) => valueLabel(VALUE_LABELS.attended, value),
  forgiven: (value) => valueLabel(VALUE_LABELS.forgiven, value),
  method: (value) => valueLabel(VALUE_LABELS.method, value),
  giftStatus: (value) => valueLabel(VALUE_LABELS.giftStatus, value),
  coverStatus: (value) => valueLabel(VALUE_LABELS.coverStatus, value),
  planKind: (value) => valueLabel(VALUE_LABELS.planKind, value),
  arcoStatus: (value) => valueLabel(VALUE_LABELS.arcoStatus, value),
  requested: (value) => (value === 'total' ? 'El pago completo' : money(value)),
  userPlanId: (value) => (value === null ? 'Ninguno: paga en el estudio' : numbered(value)),
};

/** One value of a field, in Spanish where the field is known; null (no instructor…) is '—'. */
export function formatValue(field: string, value: unknown): string {
  const special = (FIELD_FORMATTERS as Record<string, ((value: unknown) => string | undefined) | undefined>)[field];
  // A null that means something (not marked yet, paid at the studio) has its own words.
  const meaningfulNull = special?.(null);
  if (value === null || value === undefined || value === '') return meaningfulNull ?? NO_VALUE;
  const kind = (AUDIT_FIELDS as Record<string, { kind: string }>)[field]?.kind;
  const known = special?.(value) ?? (kind ? KIND_FORMATTERS[kind]?.(value) : undefined);
  if (known !== undefined) return known;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const sideValue = (entry: Pick<AuditEntryDto, 'before' | 'after'>, field: string): unknown =>
  entry.before?.[field] ?? entry.after?.[field];

/**
 * What an entry is about: the client's name; else the thing changed in words, from the fields the
 * entry recorded: 'Clase del lunes 3 de marzo de 2026, 8:00 AM', 'Clase del horario: lunes, 7:00 AM',
 * 'Plan «Ocho Clases»'.
 */
export function subjectLabel(
  entry: Pick<AuditEntryDto, 'subject' | 'entityType' | 'entityId' | 'before' | 'after'>,
): string {
  if (entry.subject) return entry.subject.name;
  const date = sideValue(entry, 'date');
  const time = clock(sideValue(entry, 'time'));
  const weekday = KIND_FORMATTERS.weekday(sideValue(entry, 'weekday'));
  const startTime = clock(sideValue(entry, 'startTime'));
  const name = sideValue(entry, 'name');
  switch (entry.entityType) {
    case 'class':
    case 'cover_request':
      return isDateOnly(date) ? `Clase del ${formatLongDateWithWeekday(date)}${time ? `, ${time}` : ''}` : 'Una clase';
    case 'schedule':
      return weekday && startTime
        ? `Clase del horario: ${weekday.toLowerCase()}, ${startTime}`
        : 'Una clase del horario';
    case 'plan':
      return typeof name === 'string' && name ? `Plan «${name}»` : 'Un plan del catálogo';
    case 'arco_request': {
      const folio = sideValue(entry, 'folio');
      return typeof folio === 'string' && folio ? `Solicitud ARCO ${folio}` : 'Una solicitud ARCO';
    }
    default:
      return 'Sin cliente';
  }
}

export interface AuditChange {
  field: string;
  label: string;
  /** Undefined when the field was only recorded on the other side (a creation, or context). */
  before?: string;
  after?: string;
}

const hasKey = (record: Record<string, unknown> | null, key: string): record is Record<string, unknown> =>
  record !== null && Object.prototype.hasOwnProperty.call(record, key);

/**
 * The fields of an entry, in the order recorded: before → after when both sides have the field,
 * a single value when only one side has it (a new plan's data, the class date of a cancellation).
 */
export function auditChanges(entry: Pick<AuditEntryDto, 'before' | 'after'>): AuditChange[] {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return fields.map((field) => ({
    field,
    label: fieldLabel(field),
    before: hasKey(entry.before, field) ? formatValue(field, entry.before[field]) : undefined,
    after: hasKey(entry.after, field) ? formatValue(field, entry.after[field]) : undefined,
  }));
}

/** 'Clases: 8 → 10', or 'Nombre: Diez Clases' for a field on one side only. */
export function changeText(change: AuditChange): string {
  // The same on both sides (a payment still approved after a partial refund): once.
  if (change.before !== undefined && change.after !== undefined && change.before !== change.after) {
    return `${change.label}: ${change.before} → ${change.after}`;
  }
  return `${change.label}: ${change.after ?? change.before ?? NO_VALUE}`;
}

/** The name of the user a filtered list is about, taken from its entries. */
export function nameOfUser(entries: readonly AuditEntryDto[], userId: number): string | undefined {
  for (const entry of entries) {
    if (entry.subject?.id === userId && entry.subject.name) return entry.subject.name;
    if (entry.actor?.id === userId && entry.actor.name) return entry.actor.name;
  }
  return undefined;
}
