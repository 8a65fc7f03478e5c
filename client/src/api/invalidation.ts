/*
 * What each change makes stale, written once. Components call `useInvalidateAfter()(change)`
 * after a mutation; nothing else invalidates queries by hand.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  getCatalogueUrl,
  getGetAuditUrl,
  getGetDashboardUrl,
  getGetPurchasesUrl,
  getGetUsersUrl,
} from './generated/admin/admin';
import { getListTimetableUrl } from './generated/horario/horario';
import { getGetClasesUrl, getGetUserPlanesUrl } from './generated/informacion/informacion';
import { getListPurchasesUrl } from './generated/payments/payments';
import { getGetPlanesUrl } from './generated/planes/planes';
import { getGetInformationClasesUrl, getGetInformationUrl } from './generated/reservations/reservations';

/**
 * The lists the client reads. Every query key starts with its endpoint's URL (then the body or
 * the parameters), so one URL covers every page, every day and every user of a list.
 */
const LIST_URLS = {
  /** The booking calendar's day (places left, the caller's own booking). */
  day: getGetInformationUrl(),
  /** The admin's rosters of a day (names, places). */
  rosters: getGetInformationClasesUrl(),
  /** A user's classes: "Mis clases" and the admin's "Ver clases". */
  classes: getGetClasesUrl(),
  /** A user's plans: "Mis planes" and the admin's "Planes". */
  plans: getGetUserPlanesUrl(),
  /** The caller's own Mercado Pago purchases still open. */
  ownPurchases: getListPurchasesUrl(),
  /** A user's Mercado Pago purchases as the admin sees them. */
  userPurchases: getGetPurchasesUrl(),
  users: getGetUsersUrl(),
  timetable: getListTimetableUrl(),
  catalogue: getCatalogueUrl(),
  /** The plans on sale (the plans page and the purchase dialog). */
  plansOnSale: getGetPlanesUrl(),
  audit: getGetAuditUrl(),
  /** The owner's dashboard, every period. */
  dashboard: getGetDashboardUrl(),
} as const;

type List = keyof typeof LIST_URLS;

/** Each change and the lists it makes stale. */
export const STALE_AFTER = {
  // A client's own actions.
  classBooked: ['day', 'rosters', 'classes'],
  /** A booking the server refused (full, started…): the day as it is now. */
  bookingRefused: ['day'],
  classCancelled: ['classes', 'day', 'rosters'],
  /** Joining or leaving a class's waitlist: its count, the caller's place, Mis clases' lines. */
  waitlistJoined: ['day', 'classes', 'rosters'],
  waitlistLeft: ['day', 'classes', 'rosters'],
  paymentConfirmed: ['plans', 'ownPurchases'],
  // The owner's tools. Every admin change is recorded in the audit log.
  rosterReservationRemoved: ['day', 'rosters', 'classes'],
  /** Asistió / No asistió at the door: the roster's counts, the client's classes and Usuarios' counts. */
  attendanceMarked: ['audit', 'rosters', 'classes', 'users'],
  /** A client added at the door: a place taken, maybe a class from a plan, maybe a new account. */
  walkInAdded: ['audit', 'day', 'rosters', 'classes', 'plans', 'users'],
  /** An admin gave someone waiting the place, or took them off the line. */
  rosterWaitlistChanged: ['audit', 'day', 'rosters', 'classes', 'plans'],
  timetableChanged: ['timetable', 'day', 'rosters', 'classes'],
  catalogueChanged: ['catalogue', 'plansOnSale'],
  userAdded: ['audit', 'users'],
  /** Name and email show in the rosters too. */
  userChanged: ['audit', 'users', 'day', 'rosters'],
  /** A deactivation cancels the user's upcoming classes and gives them back to the plans. */
  userDeactivated: ['audit', 'users', 'plans', 'classes', 'day', 'rosters'],
  userActivated: ['audit', 'users'],
  userPlanAdded: ['audit', 'plans'],
  userPlanChanged: ['audit', 'plans'],
  /** A refund changes the purchase and may take back the plan it gave. */
  paymentRefunded: ['audit', 'userPurchases', 'plans'],
  userReservationRemoved: ['audit', 'classes', 'plans', 'day', 'rosters'],
  /** The dashboard's "Enviar recordatorio": the plan shows it went. */
  planReminderSent: ['audit', 'dashboard'],
} as const satisfies Record<string, readonly List[]>;

export type Change = keyof typeof STALE_AFTER;

/** Marks the lists `change` made stale; the ones on screen load again. */
export async function invalidateAfter(queryClient: QueryClient, change: Change): Promise<void> {
  await Promise.all(
    STALE_AFTER[change].map((list: List) => queryClient.invalidateQueries({ queryKey: [LIST_URLS[list]] })),
  );
}

/** `invalidateAfter` bound to the app's query client. */
export function useInvalidateAfter(): (change: Change) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback((change: Change) => invalidateAfter(queryClient, change), [queryClient]);
}
