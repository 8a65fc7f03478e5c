import { monthYearTitle, to12Hour } from '@pilates/dates';
import { formatMoney } from '@/lib/format';

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
