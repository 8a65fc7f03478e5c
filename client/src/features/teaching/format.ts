import { addDays, formatLongDateWithWeekday } from '@pilates/dates';
import type { TeachingStudentDto } from '@/api/generated/model';

/** How many days "Mis clases a impartir" reads after today: today and the coming week. */
export const TEACHING_DAYS_AHEAD = 7;

/** A day's heading: «Hoy, martes 24 de noviembre de 2026», «Mañana, …», else the date. */
export function dayHeading(date: string, today: string): string {
  const long = formatLongDateWithWeekday(date);
  if (date === today) return `Hoy, ${long}`;
  if (date === addDays(today, 1)) return `Mañana, ${long}`;
  return long.charAt(0).toUpperCase() + long.slice(1);
}

/** «Le quedan 3 clases», «Le queda 1 clase», «Paga en el estudio»; null when nothing is known. */
export function classesLeftText(student: Pick<TeachingStudentDto, 'classesRemaining' | 'paidAtStudio'>): string | null {
  if (student.paidAtStudio) return 'Paga en el estudio';
  if (student.classesRemaining === null) return null;
  return student.classesRemaining === 1 ? 'Le queda 1 clase' : `Le quedan ${student.classesRemaining} clases`;
}
