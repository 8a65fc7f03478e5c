/* Helpers shared by the browser journeys: studio dates, clients made through the API, the calendar. */
import {
  addDays,
  formatLongDate,
  mondayOf,
  parseDateOnly,
  shortWeekdayName,
  studioToday,
  weekdayName,
} from '@pilates/dates';
import type { Page } from 'playwright-core';
import { HEALTH_PROFILE } from '../../scripts/lib/health-profile.mjs';
import { expect } from 'vitest';

export const CSRF = { 'X-Requested-With': 'pilates-web' };

// The server runs on the real clock: every date comes from today in the studio.
export const today = studioToday(new Date(), 'America/Mexico_City');
/** The Monday shown after one press of "Semana siguiente" (the default timetable has classes on Mondays). */
export const nextMonday = addDays(mondayOf(today), 7);

/** The accessible name of a day button of the week strip: the words it shows ("Lun 28"), then the long form. */
export const dayButtonName = (date: string) =>
  `${shortWeekdayName(date)} ${parseDateOnly(date).getUTCDate()}, ${weekdayName(date).toLowerCase()} ${formatLongDate(date)}`;

let serial = 0;
/** Registers a client through the API; the page's context keeps the session cookie. Returns the email. */
export async function registerClient(
  page: Page,
  baseUrl: string,
  name: string,
  password = 'clave-segura-1',
  { healthProfile = true }: { healthProfile?: boolean } = {},
): Promise<string> {
  serial += 1;
  // ASCII only: the login form, like most mail providers, takes no accents in the local part.
  const local = name
    .split(' ')[0]!
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const email = `${local}.${Date.now()}.${serial}@example.com`;
  const answer = await page.request.post(`${baseUrl}/api/auth/register`, {
    headers: CSRF,
    data: { name, email, cumpleanos: '1991-06-02', password, confirmPassword: password, terms: true },
  });
  expect(answer.status()).toBe(201);
  // Every client fills the health questionnaire before booking online: saved here in the session
  // registration opened, so the journeys book as before (health-profile.e2e.ts fills it in the dialog).
  if (healthProfile) await saveHealthProfile(page, baseUrl);
  return email;
}

/** Saves a plain health questionnaire (nothing to report) for the client logged in on the page's context. */
export async function saveHealthProfile(page: Page, baseUrl: string): Promise<void> {
  const saved = await page.request.post(`${baseUrl}/api/informacion/health`, {
    headers: CSRF,
    data: HEALTH_PROFILE,
  });
  expect(saved.status()).toBe(200);
}

/** Logs in through the form of /pilates/cuenta and waits for the home page it leads to. */
export async function logIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/pilates/cuenta`);
  await page.getByLabel('Correo Electrónico', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
  await page.waitForURL(`${baseUrl}/pilates`);
}

/** How far the page scrolls sideways (0 when it fits the viewport's width). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Opens the booking calendar (or the admin rosters), goes to next week and picks its Monday. */
export async function openNextMonday(page: Page, baseUrl: string, path = '/pilates/reservar') {
  // Today chosen explicitly: without a day the calendar may open on a later one with classes left.
  await page.goto(`${baseUrl}${path}?fecha=${today}`);
  await page.getByRole('button', { name: 'Semana siguiente' }).click();
  await page.getByRole('button', { name: dayButtonName(nextMonday) }).click();
  await page.waitForURL((url) => url.searchParams.get('fecha') === nextMonday);
}

/** A class of the day list by its time (exact: a row also names other times, in its cancellation deadline). */
export const slotRow = (page: Page, time: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(time, { exact: true }) });
/**
 * A toast by its text. While a dialog is open, Radix marks the rest of the page aria-hidden (the
 * toast is still announced through its own live region), so hidden elements are included here.
 */
export const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: /Avisos/, includeHidden: true }).getByText(text);

/**
 * "Reservar" on a class with reformers opens "Elige tu reformer": confirms the booking there, on
 * "Cualquiera" or on the reformer named ("Reformer 4"). `double` confirms with a double tap.
 */
export async function confirmReformer(
  page: Page,
  { reformer, double = false }: { reformer?: string; double?: boolean } = {},
) {
  const dialog = page.getByRole('dialog', { name: 'Elige tu reformer' });
  await dialog.waitFor();
  if (reformer) await dialog.getByRole('radio', { name: new RegExp(`^${reformer},`) }).click();
  const confirm = dialog.getByRole('button', { name: reformer ? `Reservar ${reformer}` : 'Reservar', exact: true });
  if (double) await confirm.dblclick();
  else await confirm.click();
  await expect.poll(() => dialog.count()).toBe(0);
}
