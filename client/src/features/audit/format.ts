/*
 * How the audit log shows an entry: when (studio time), about what, and what changed
 * ("Clases: 8 → 10"), with the server's field names turned into the Spanish labels of the forms.
 */
import { formatLongDate, isDateOnly, isTime24, studioTimeOfDay, to12Hour, WEEKDAY_NAMES } from '@pilates/dates';
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

const ENTITY_LABELS: Record<string, string> = {
  user: 'Usuario',
  user_plan: 'Plan de usuario',
  plan: 'Plan',
  schedule: 'Horario',
  class: 'Clase',
  reservation: 'Reserva',
  payment: 'Pago',
};

/** What an entry is about: the client's name, else the thing changed ('Horario #12'). */
export function subjectLabel(entry: Pick<AuditEntryDto, 'subject' | 'entityType' | 'entityId'>): string {
  if (entry.subject) return entry.subject.name;
  return `${ENTITY_LABELS[entry.entityType] ?? entry.entityType} #${entry.entityId}`;
}

export const FIELD_LABELS: Record<string, string> = {
  id: 'ID',
  name: 'Nombre',
  email: 'Correo electrónico',
  cumpleanos: 'Fecha de nacimiento',
  role: 'Rol',
  active: 'Activo',
  classes_remaining: 'Clases restantes',
  startDate: 'Fecha de inicio',
  endDate: 'Fecha de término',
  is_paid: 'Pagado',
  price: 'Precio (MXN)',
  classes: 'Clases',
  visible: 'Visible',
  capacity: 'Cupo',
  startTime: 'Hora',
  instructor: 'Instructor',
  weekday: 'Día',
  status: 'Estado',
  cancelledReservations: 'Reservas canceladas',
  date: 'Fecha',
  time: 'Hora',
  plan: 'Plan',
  userPlanId: 'Plan de usuario',
};

const ROLES: Record<string, string> = { user: 'Usuario', admin: 'Administrador' };
const STATUSES: Record<string, string> = { active: 'Activa', scheduled: 'Programada', cancelled: 'Cancelada' };

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

const FORMATTERS: Record<string, (value: unknown) => string | undefined> = {
  role: (value) => ROLES[String(value)],
  active: yesNo,
  is_paid: yesNo,
  visible: yesNo,
  price: (value) => (typeof value === 'number' ? formatMoney(value) : undefined),
  cumpleanos: (value) => (isDateOnly(value) ? formatLongDate(value) : undefined),
  startDate: (value) => (isDateOnly(value) ? formatLongDate(value) : undefined),
  endDate: (value) => (isDateOnly(value) ? formatLongDate(value) : undefined),
  date: (value) => (isDateOnly(value) ? formatLongDate(value) : undefined),
  startTime: clock,
  time: clock,
  weekday: (value) => (typeof value === 'number' ? WEEKDAY_NAMES[value] || undefined : undefined),
  status: (value) => STATUSES[String(value)],
  userPlanId: (value) => (typeof value === 'number' ? `#${value}` : undefined),
};

/** One value of a field, in Spanish where the field is known; null (no instructor…) is '—'. */
export function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  const known = FORMATTERS[field]?.(value);
  if (known !== undefined) return known;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
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
    label: FIELD_LABELS[field] ?? field,
    before: hasKey(entry.before, field) ? formatValue(field, entry.before[field]) : undefined,
    after: hasKey(entry.after, field) ? formatValue(field, entry.after[field]) : undefined,
  }));
}

/** 'Clases: 8 → 10', or 'Nombre: Diez Clases' for a field on one side only. */
export function changeText(change: AuditChange): string {
  if (change.before !== undefined && change.after !== undefined) {
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
