import { formatLongDate } from '@pilates/dates';
import { currentStudioDay } from '@/lib/studio-time-zone';

/** «22 de noviembre de 2026»: the studio's day of a published version. */
export const publishedOn = (iso: string): string => formatLongDate(currentStudioDay(new Date(iso)));

/** «Versión 2, vigente desde el 22 de noviembre de 2026». */
export const versionLine = (version: number, publishedAt: string): string =>
  `Versión ${version}, vigente desde el ${publishedOn(publishedAt)}`;
