import { formatLongDate, monthYearTitle, studioTimeOfDay, studioToday, to12Hour } from '@pilates/dates';
import type { OffsiteBackupDto, RestoreDrillDto } from '@/api/generated/model';
import { formatMoney } from '@/lib/format';
import { studioTimeZone } from '@/lib/studio-time-zone';

const counts = new Intl.NumberFormat('es-MX');
const percents = new Intl.NumberFormat('es-MX', { style: 'percent', maximumFractionDigits: 0 });

/** '1,234'. */
export const formatCount = (n: number): string => counts.format(n);
/** 0.8571 → '86%' (as es-MX writes it). */
export const formatPercent = (ratio: number): string => percents.format(ratio);
/** Centavos → '$1,500.00'. */
export const formatCents = (cents: number): string => formatMoney(cents / 100);
/** '2026-11' → 'Noviembre 2026'. */
export const monthLabel = (month: string): string => monthYearTitle(`${month}-01`);
/** '07:00' → '7:00 AM'. */
export const timeLabel = (time: string): string => to12Hour(time);

export const WEEKDAY_LABELS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'] as const;
/** ISO weekday (1 Monday … 7 Sunday) → 'Lunes'. */
export const weekdayLabel = (weekday: number): string => WEEKDAY_LABELS[weekday - 1] ?? String(weekday);

/** '2026-12-12' → '12/12/2026'. */
export const shortDate = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** An instant's studio date without the year: '3 de diciembre'. */
export function dayAndMonth(iso: string, timeZone: string = studioTimeZone()): string {
  return formatLongDate(studioToday(new Date(iso), timeZone)).replace(/ de \d{4}$/, '');
}

/** An instant on the studio's clock, relative to `now` when close: 'hoy 3:10 AM', 'ayer 3:10 AM', '3 de diciembre, 3:10 AM'. */
export function whenOnStudioClock(iso: string, now: Date = new Date(), timeZone: string = studioTimeZone()): string {
  const instant = new Date(iso);
  const day = studioToday(instant, timeZone);
  const time = to12Hour(studioTimeOfDay(instant, timeZone));
  if (day === studioToday(now, timeZone)) return `hoy ${time}`;
  if (day === studioToday(new Date(now.getTime() - 86_400_000), timeZone)) return `ayer ${time}`;
  return `${dayAndMonth(iso, timeZone)}, ${time}`;
}

/**
 * The last restore drill in the owner's words: 'Último simulacro de restauración: correcto, 3 de
 * diciembre', 'Último simulacro de restauración: falló, 3 de diciembre — <why>', or that none ran yet.
 */
export function restoreDrillText(drill: RestoreDrillDto | null, timeZone: string = studioTimeZone()): string {
  if (!drill) return 'Aún no se ha hecho un simulacro de restauración';
  const when = dayAndMonth(drill.at, timeZone);
  return drill.ok
    ? `Último simulacro de restauración: correcto, ${when}`
    : `Último simulacro de restauración: falló, ${when} — ${drill.detail}`;
}

/** 'Última copia fuera del servidor: hoy 3:10 AM', with a later failed attempt said after it. */
export function offsiteBackupText(
  backup: OffsiteBackupDto | null,
  now: Date = new Date(),
  timeZone: string = studioTimeZone(),
): string {
  if (!backup) return 'Aún no hay copias fuera del servidor';
  const last = backup.lastSuccessAt
    ? `Última copia fuera del servidor: ${whenOnStudioClock(backup.lastSuccessAt, now, timeZone)}`
    : 'Aún no hay ninguna copia fuera del servidor';
  return backup.lastFailureAt
    ? `${last} — el último intento falló (${whenOnStudioClock(backup.lastFailureAt, now, timeZone)})`
    : last;
}
