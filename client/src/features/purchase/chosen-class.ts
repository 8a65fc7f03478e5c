import { formatLongDateWithWeekday } from '@pilates/dates';

/** The class a client was booking when "Reservar" opened "Contrata un plan". */
export interface ChosenClass {
  date: string;
  scheduleId: number;
  /** '7:00 AM'. */
  time: string;
  /** The reformer chosen in "Elige tu reformer"; none or null: "Cualquiera". The checkout holds it. */
  spot?: { id: number; label: string } | null;
}

// sessionStorage: the checkout leaves the site and comes back in the same tab.
const KEY = 'pilates.chosen-class';

/** Remembers the class across the purchase, so the return from the checkout offers to book it. */
export function rememberChosenClass(chosen: ChosenClass): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(chosen));
  } catch {
    // Storage refused (private mode, quota): the return offers "Reservar una clase" instead.
  }
}

/** The remembered class, if any and well formed. */
export function readChosenClass(): ChosenClass | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<ChosenClass> | null;
    if (
      value &&
      typeof value.date === 'string' &&
      typeof value.scheduleId === 'number' &&
      typeof value.time === 'string'
    ) {
      const spot = value.spot;
      const chosenSpot =
        spot && typeof spot === 'object' && typeof spot.id === 'number' && typeof spot.label === 'string'
          ? { id: spot.id, label: spot.label }
          : null;
      return { date: value.date, scheduleId: value.scheduleId, time: value.time, spot: chosenSpot };
    }
  } catch {
    // Unreadable: as if nothing was remembered.
  }
  return null;
}

export function forgetChosenClass(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}

/** 'lunes 30 de noviembre de 2026 a las 7:00 AM'. */
export const chosenClassText = (chosen: ChosenClass): string =>
  `${formatLongDateWithWeekday(chosen.date)} a las ${chosen.time}`;

/** The checkout's `hold`: the class and its reformer ("Cualquiera": none). */
export const holdOf = (chosen: ChosenClass): { date: string; scheduleId: number; spot?: number } => ({
  date: chosen.date,
  scheduleId: chosen.scheduleId,
  ...(chosen.spot ? { spot: chosen.spot.id } : {}),
});

/** What the purchase dialog promises while the client pays. */
export const holdNotice = (chosen: ChosenClass): string =>
  chosen.spot
    ? `Te guardamos el ${chosen.spot.label} por 15 minutos mientras pagas.`
    : `Te guardamos un reformer en tu clase del ${chosenClassText(chosen)} por 15 minutos mientras pagas.`;
