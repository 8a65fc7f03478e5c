/*
 * What each mutation of the generated client makes stale, written once, by its operation id (orval
 * puts it first in the mutation key). The query client's mutation cache reads this table after every
 * mutation (`query-client.ts`); components never invalidate queries themselves.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { isApiError } from './api-error';

/**
 * The lists the client reads. Every query key starts with its endpoint's URL (then the body or
 * the parameters), so one URL covers every page, every day and every user of a list. Written out
 * rather than imported from the generated client: the app's entry chunk carries this table, and
 * importing the generated modules would pull them into it (invalidation.test.ts holds each URL to
 * its generated endpoint's).
 */
export const LIST_URLS = {
  /** The booking calendar's day (places left, the caller's own booking). */
  day: '/api/reservations/get-information',
  /** The admin's rosters of a day (names, places). */
  rosters: '/api/reservations/get-information-clases',
  /** A user's classes: "Mis clases" and the admin's "Ver clases". */
  classes: '/api/informacion/get-clases',
  /** A user's plans: "Mis planes" and the admin's "Planes". */
  plans: '/api/informacion/get-planes',
  /** The caller's own Mercado Pago purchases still open. */
  ownPurchases: '/api/mercadopago/purchases',
  /** A user's Mercado Pago purchases as the admin sees them. */
  userPurchases: '/api/admin/get-purchases',
  users: '/api/informacion/get-users',
  /** One user's account, for their page (the admin's "ficha del cliente"). */
  user: '/api/admin/get-user',
  timetable: '/api/reservations/horario',
  catalogue: '/api/planes/catalogo',
  /** The plans on sale (the plans page and the purchase dialog). */
  plansOnSale: '/api/planes/get-planes',
  audit: '/api/admin/get-audit',
  /** The owner's dashboard, every period. */
  dashboard: '/api/admin/dashboard',
  /** The room's reformers and the instructor's place, as clients see them. */
  sala: '/api/reservations/sala',
  /** The admin's "Sala": the same room and the retired reformers. */
  adminSala: '/api/admin/sala',
  /** The owner's "Ajustes". */
  settings: '/api/admin/settings',
  /** "Promociones": the promo codes and their uses. */
  promoCodes: '/api/admin/promo-codes',
  /** The studio's public facts: policy figures and contact (footer, contact section, terms). */
  studio: '/api/studio',
  /** The caller's "Saldo de regalo" and its movements (Mis planes). */
  giftBalance: '/api/gift-cards/balance',
  /** "Tarjetas de regalo": every card, its state and the balance left. */
  giftCards: '/api/admin/gift-cards',
  /** The gift card amounts on sale: the owner's (Ajustes) and the visible plans' prices. */
  giftCardOptions: '/api/gift-cards/options',
  /** "Instructores": every profile, active or not, with its account. */
  instructorProfiles: '/api/admin/instructores',
  /** The active instructors: "Nuestros instructores", the Horario select and the booking filter. */
  instructors: '/api/instructores',
  /** "Mis clases a impartir": the instructor's own classes with their rosters and cover requests. */
  teaching: '/api/instructor/classes',
  /** The open cover requests the owner decides (Horario). */
  coverRequests: '/api/admin/cover-requests',
  /** "Pago a instructores": every instructor's month, at their current rate. */
  instructorPay: '/api/admin/instructor-pay',
  /** "Mi pago": an instructor's own month. */
  myPay: '/api/instructor/pay',
  /** "Tipos de clase": every type, active or not. */
  classTypeProfiles: '/api/admin/class-types',
  /** The active class types: the booking filter. */
  classTypes: '/api/tipos-de-clase',
  /** The caller's WhatsApp consent (Mi información). */
  whatsappConsent: '/api/informacion/whatsapp',
  /** Facturas: the caller's "Datos de facturación", their invoices (Mis planes), and the admin's month. */
  fiscalData: '/api/informacion/fiscal-data',
  myInvoices: '/api/informacion/invoices',
  adminInvoices: '/api/admin/invoices',
  /** A client's invoices beside their purchases (Usuarios → planes). */
  userInvoices: '/api/admin/invoices/of-user',
  /** The invoices of the gift cards listed in «Tarjetas de regalo». */
  purchaseInvoices: '/api/admin/invoices/of-purchases',
  globalInvoicePreview: '/api/admin/invoices/global-preview',
  /** New versions of the terms or privacy notice the caller has yet to accept (the dialog before booking). */
  pendingAcceptances: '/api/consents/pending',
  /** The legal texts in force and their versions (their pages, registration, «Textos legales»). */
  legalTerms: '/api/legal/terminos',
  legalTermsVersions: '/api/legal/terminos/versions',
  legalPrivacy: '/api/legal/privacidad',
  legalPrivacyVersions: '/api/legal/privacidad/versions',
  legalShortNotice: '/api/legal/aviso-corto',
  legalShortNoticeVersions: '/api/legal/aviso-corto/versions',
  /** The caller's opt-in to promotions (Mi información). */
  marketingConsent: '/api/consents/marketing',
  /** «Solicitudes ARCO» (admin). */
  arcoRequests: '/api/admin/arco-requests',
  /** The caller's health questionnaire and emergency contact (Mi información, the booking's dialog). */
  myHealthProfile: '/api/informacion/health',
  /** The caller's membership and its week ("2 de 3 esta semana"): Mis planes and the booking page. */
  membership: '/api/informacion/membership',
  /** "Membresías": the admin's list, and one membership with its charges. */
  adminMemberships: '/api/admin/memberships',
  adminMembershipDetail: '/api/admin/memberships/detail',
} as const;

export type List = keyof typeof LIST_URLS;

/** Which refusals a rule covers: these codes only, or every refusal but these. */
type Refusals = { readonly codes: readonly string[] } | { readonly allBut: readonly string[] };

export interface Staleness {
  /** The lists the change makes stale once the server has made it. */
  readonly accepted: readonly List[];
  /** A refusal that shows the screen was behind the server (the class filled, the row is gone): those lists. */
  readonly refused?: { readonly lists: readonly List[]; readonly when: Refusals };
  /**
   * The control that made the change stays pending until the lists on screen show it (a booked
   * class must not offer "Reservar" again meanwhile). Otherwise the answer is shown at once (toast,
   * dialog closed) and the lists reload behind it.
   */
  readonly waits?: true;
}

/** The refusals the booking page answers with its plan dialogs: nothing on screen is out of date then. */
const PLAN_PROBLEMS = ['DATE_OUT_OF_PLAN', 'NO_CLASSES_LEFT'];

/** Changes no list shows: the session (kept by `features/session`), a password, a link, a checkout. */
const NOTHING: Staleness = { accepted: [] };

const TIMETABLE_CHANGED: Staleness = { accepted: ['timetable', 'day', 'rosters', 'classes', 'teaching'] };
// A gift card may be of a visible plan's price.
const CATALOGUE_CHANGED: Staleness = { accepted: ['catalogue', 'plansOnSale', 'giftCardOptions'] };
/** A reformer added or retired: the room, and the places of every class to come (they follow the reformers). */
const ROOM_CHANGED: Staleness = { accepted: ['adminSala', 'sala', 'audit', 'day', 'rosters'] };
/** An admin gave someone waiting the place, or took them off the line: the roster shows it before the buttons come back. */
const ROSTER_WAITLIST_CHANGED: Staleness = { accepted: ['audit', 'day', 'rosters', 'classes', 'plans'], waits: true };

/** Each mutation's operation id and what it makes stale. Every admin change is recorded in the audit log. */
export const STALE_AFTER = {
  // A client's own actions.
  /** A booking takes a class from a plan: the booking page's "te quedan N clases" and Mis planes. */
  pushReservation: {
    accepted: ['day', 'rosters', 'classes', 'plans', 'membership'],
    waits: true,
    // Full, started, already booked…: the day as it is now.
    refused: { lists: ['day', 'membership'], when: { allBut: PLAN_PROBLEMS } },
  },
  /** The class returns to the plan it came from (a membership's week frees its count); the client, an admin's roster or a user's classes cancel it. */
  cancelReservation: {
    accepted: ['audit', 'classes', 'plans', 'day', 'rosters', 'membership'],
    // The cancellation window closed, or the reservation is gone: the row on screen is stale.
    refused: {
      lists: ['classes', 'day', 'rosters'],
      when: { codes: ['CANCEL_WINDOW_CLOSED', 'RESERVATION_NOT_FOUND'] },
    },
  },
  /**
   * "Liberar lugar" after the deadline: the place goes to the waitlist's head or back on sale (the day,
   * the rosters), the row says "Lugar liberado"; the class stays used, so no plan changes.
   */
  releaseSpot: {
    accepted: ['classes', 'day', 'rosters'],
    // The class started, the deadline is not past after all, or the place is gone: the rows on screen are stale.
    refused: { lists: ['classes', 'day', 'rosters'], when: { allBut: [] } },
  },
  /** "Perdonar" (admin): the class returns to its plan; the roster and the client's classes say "Perdonada". */
  forgive: { accepted: ['audit', 'classes', 'plans', 'rosters'] },
  /** Joining or leaving a class's waitlist: its count, the caller's place, Mis clases' lines. */
  joinWaitlist: {
    accepted: ['day', 'classes', 'rosters'],
    // The waitlist filled, the class has places again…: the day as it is now.
    refused: { lists: ['day'], when: { allBut: PLAN_PROBLEMS } },
  },
  leaveWaitlist: { accepted: ['day', 'classes', 'rosters'] },
  /** Another reformer for a booking: the day's map, the roster and Mis clases name it. */
  changeSpot: {
    accepted: ['audit', 'day', 'rosters', 'classes'],
    waits: true,
    // Someone took that reformer first, or it left the room: the day as it is now.
    refused: { lists: ['day', 'rosters'], when: { codes: ['SPOT_TAKEN', 'SPOT_OUT_OF_SERVICE', 'SPOT_UNKNOWN'] } },
  },
  /** The favourite lives in the session user, which Mi información and the booking map update from the answer (`setSessionFavourite`). */
  setFavouriteSpot: NOTHING,
  /** Opting in to WhatsApp notices, or out: Mi información's checkbox and number. */
  giveWhatsAppConsent: { accepted: ['whatsappConsent'] },
  withdrawWhatsAppConsent: { accepted: ['whatsappConsent'] },
  /** Accepting a new version of the terms or notice: the booking page's dialog stops asking. */
  acceptLegalDocument: { accepted: ['pendingAcceptances'] },
  /** Promotions on or off: Mi información's checkbox. */
  setMarketingConsent: { accepted: ['marketingConsent'] },
  /** The health questionnaire saved: Mi información's section, and the marker on the rosters it shows in. */
  saveMyHealthProfile: { accepted: ['myHealthProfile', 'rosters', 'teaching'] },
  /** "Confirmando tu pago…" lasts until Mis planes shows the plan. */
  // An approval also books the class whose reformer the checkout held, and spends a held gift balance.
  confirmPayment: { accepted: ['plans', 'ownPurchases', 'day', 'rosters', 'classes', 'giftBalance'], waits: true },
  /** The purchase dialog's price with a code: nothing changes. */
  previewCheckout: NOTHING,
  /** A membership waits for its first charge: Mis planes shows it pending. */
  subscribeMembership: { accepted: ['plans', 'membership'] },
  /** A pause cancels the membership's classes inside it and moves its paid period. */
  pauseMembership: {
    accepted: ['membership', 'plans', 'classes', 'day', 'rosters'],
    // Paused or cancelled meanwhile (another tab, the notification): the membership as it is now.
    refused: { lists: ['membership'], when: { codes: ['MEMBERSHIP_NOT_ACTIVE', 'PAUSE_OVERLAPS'] } },
  },
  cancelMembership: {
    accepted: ['membership', 'plans'],
    refused: { lists: ['membership'], when: { codes: ['MEMBERSHIP_NOT_CANCELLABLE'] } },
  },
  // Paid wholly with the gift balance, the plan exists at once (and the class its checkout held is
  // booked); otherwise the balance part is held. A hold refused (the class filled, the reformer was
  // taken): the day on screen was behind.
  startCheckout: {
    accepted: ['giftBalance', 'plans', 'ownPurchases', 'classes', 'day', 'rosters'],
    refused: {
      lists: ['day'],
      when: {
        codes: ['CLASS_FULL', 'CLASS_STARTED', 'CLASS_CANCELLED', 'SPOT_TAKEN', 'SPOT_OUT_OF_SERVICE', 'NO_SPOT_FREE'],
      },
    },
  },
  /**
   * A gift card's checkout: the card exists once its payment is approved. An amount refused is one
   * the owner no longer offers: the list on screen was behind.
   */
  buyGiftCard: { accepted: [], refused: { lists: ['giftCardOptions'], when: { codes: ['GIFT_AMOUNT_INVALID'] } } },
  /** The code's amount joins the caller's balance and its movements. */
  redeemGiftCard: { accepted: ['giftBalance'] },
  changeInfoUser: NOTHING,
  changePassword: NOTHING,
  /** «Descargar mis datos»: two links, shown where they were asked for. */
  exportData: NOTHING,
  /** «Eliminar mi cuenta» ends the session: the client leaves for the home page (features/session). */
  deleteAccount: NOTHING,
  getCalendarFeedUrl: NOTHING,
  resetCalendarFeedUrl: NOTHING,
  login: NOTHING,
  register: NOTHING,
  logout: NOTHING,
  logoutAll: NOTHING,
  forgotPassword: NOTHING,
  checkResetToken: NOTHING,
  resetPassword: NOTHING,

  // The owner's tools.
  /** Asistió / No asistió at the door: the roster's counts, the client's classes and Usuarios' counts. */
  markAttendance: {
    accepted: ['audit', 'rosters', 'teaching', 'classes', 'users', 'user', 'instructorPay', 'myPay'],
    waits: true,
  },
  /** A client added at the door: a place taken, maybe a class from a plan, maybe a new account. */
  walkIn: {
    accepted: ['audit', 'day', 'rosters', 'teaching', 'classes', 'plans', 'users', 'user'],
    // The reformer chosen was taken meanwhile, or the class filled: the roster as it is now.
    refused: {
      lists: ['day', 'rosters', 'teaching'],
      when: { codes: ['SPOT_TAKEN', 'SPOT_OUT_OF_SERVICE', 'SPOT_UNKNOWN', 'CLASS_FULL'] },
    },
  },
  promoteFromWaitlist: ROSTER_WAITLIST_CHANGED,
  removeFromWaitlist: ROSTER_WAITLIST_CHANGED,
  addSchedule: TIMETABLE_CHANGED,
  changeSchedule: TIMETABLE_CHANGED,
  activateSchedule: TIMETABLE_CHANGED,
  deactivateSchedule: TIMETABLE_CHANGED,
  cancelClass: TIMETABLE_CHANGED,
  /** Who teaches the dates: the day view, rosters and Mis clases (their longer free cancellation). */
  setSubstitute: TIMETABLE_CHANGED,
  setSubstitutes: TIMETABLE_CHANGED,
  /** An instructor asks for a substitute or takes it back: their page and the owner's open requests. */
  askCover: {
    accepted: ['teaching', 'coverRequests', 'audit'],
    // Someone asked first, or the class changed meanwhile: the page as it is now.
    refused: {
      lists: ['teaching'],
      when: { codes: ['COVER_ALREADY_OPEN', 'COVER_CLASS_CANCELLED', 'NOT_YOUR_CLASS'] },
    },
  },
  withdrawCover: {
    accepted: ['teaching', 'coverRequests', 'audit'],
    refused: { lists: ['teaching'], when: { codes: ['COVER_REQUEST_CLOSED'] } },
  },
  /** Approved: a substitute teaches the class (as set-substitute), and the request closes. */
  approveCover: {
    accepted: [...TIMETABLE_CHANGED.accepted, 'coverRequests', 'audit'],
    refused: { lists: ['coverRequests'], when: { codes: ['COVER_REQUEST_CLOSED', 'COVER_REQUEST_NOT_FOUND'] } },
  },
  declineCover: {
    accepted: ['coverRequests', 'teaching', 'audit'],
    refused: { lists: ['coverRequests'], when: { codes: ['COVER_REQUEST_CLOSED', 'COVER_REQUEST_NOT_FOUND'] } },
  },
  addSpot: ROOM_CHANGED,
  retireSpot: ROOM_CHANGED,
  /** A new name or cell: the maps, and the rosters and Mis clases that name the reformer. */
  updateSpot: { accepted: ['adminSala', 'sala', 'audit', 'day', 'rosters', 'classes'] },
  moveInstructor: { accepted: ['adminSala', 'sala', 'audit'] },
  /** Asks only: nothing changed. */
  previewOutage: NOTHING,
  /** Clients moved or given their class back, places lowered or raised (and a waitlist filled). */
  createOutage: { accepted: ['adminSala', 'audit', 'day', 'rosters', 'classes', 'plans'] },
  endOutage: { accepted: ['adminSala', 'audit', 'day', 'rosters', 'classes', 'plans'] },
  addCataloguePlan: CATALOGUE_CHANGED,
  changeCataloguePlan: CATALOGUE_CHANGED,
  hideCataloguePlan: CATALOGUE_CHANGED,
  showCataloguePlan: CATALOGUE_CHANGED,
  addUser: { accepted: ['audit', 'users', 'user'] },
  /** Name and email show in the rosters too. */
  /** The role instructor creates or brings back a profile; back to client makes it inactive. */
  changeData: { accepted: ['audit', 'users', 'user', 'day', 'rosters', 'instructorProfiles', 'instructors'] },
  /** A deactivation cancels the user's upcoming classes and gives them back to the plans. */
  deleteUser: { accepted: ['audit', 'users', 'user', 'plans', 'classes', 'day', 'rosters', 'membership'] },
  /** An account deleted on a written request: anonymised in the lists, its classes freed. */
  adminDeleteAccount: { accepted: ['audit', 'users', 'user', 'plans', 'classes', 'day', 'rosters', 'membership'] },
  activeUser: { accepted: ['audit', 'users', 'user'] },
  addPlanAdmin: { accepted: ['audit', 'plans'] },
  changeDataPlan: { accepted: ['audit', 'plans'] },
  /** A refund changes the purchase and may take back the plan it gave. */
  refundPayment: { accepted: ['audit', 'userPurchases', 'plans', 'userInvoices'] },
  /** "Membresías": a cancellation or a refunded charge changes the membership, its plan and the dashboard. */
  cancelAdminMembership: { accepted: ['audit', 'adminMemberships', 'adminMembershipDetail', 'plans', 'dashboard'] },
  refundMembershipCharge: {
    accepted: ['audit', 'adminMemberships', 'adminMembershipDetail', 'plans', 'dashboard'],
  },
  /** "Venta en mostrador": the client's plan and purchases, the code's uses and the revenue. */
  deskSale: { accepted: ['audit', 'userPurchases', 'plans', 'promoCodes', 'dashboard'] },
  deskSalePreview: NOTHING,
  /** A gift card sold at the desk: the admins' list of cards and the dashboard's gift card sales. */
  deskGiftCardSale: { accepted: ['giftCards', 'audit', 'dashboard'] },
  addPromoCode: { accepted: ['promoCodes', 'audit'] },
  /** Linking an account makes it an instructor (Usuarios shows the role). */
  addInstructor: { accepted: ['instructorProfiles', 'instructors', 'audit', 'users', 'user'] },
  /** A rename reaches every timetable entry and class that names the profile; a new rate, the pay reports. */
  changeInstructor: {
    accepted: [
      'instructorProfiles',
      'instructors',
      'audit',
      'users',
      'user',
      'timetable',
      'day',
      'rosters',
      'classes',
      'instructorPay',
      'myPay',
    ],
  },
  /** A photo shows on the profiles, the public pages and the booking rows. */
  uploadInstructorPhoto: { accepted: ['instructorProfiles', 'instructors', 'audit', 'day'] },
  removeInstructorPhoto: { accepted: ['instructorProfiles', 'instructors', 'audit', 'day'] },
  addClassType: { accepted: ['classTypeProfiles', 'classTypes', 'audit'] },
  /** A new version of a legal text: every client is asked to accept it (the pages read it fresh). */
  publishLegalDocument: {
    accepted: [
      'pendingAcceptances',
      'legalTerms',
      'legalTermsVersions',
      'legalPrivacy',
      'legalPrivacyVersions',
      'legalShortNotice',
      'legalShortNoticeVersions',
    ],
  },
  /** A new ARCO request shows in «Solicitudes ARCO» and the dashboard's open count. */
  submitArcoRequest: { accepted: ['arcoRequests', 'dashboard'] },
  /** Answered, it leaves the dashboard's overdue ones; the change is audited. */
  changeArcoRequestStatus: { accepted: ['arcoRequests', 'dashboard', 'audit'] },
  /** A type's name, level and colour show on every class of it (timetable, day, rosters, plans limited to it). */
  changeClassType: {
    accepted: ['classTypeProfiles', 'classTypes', 'audit', 'timetable', 'day', 'rosters', 'catalogue', 'plansOnSale'],
  },
  resendGiftCard: { accepted: ['giftCards', 'audit'] },
  voidGiftCard: { accepted: ['giftCards', 'audit'] },
  /** "Reembolsar y anular": the card leaves the dashboard's gift card sales. */
  refundGiftCard: { accepted: ['giftCards', 'audit', 'dashboard', 'purchaseInvoices'] },
  changePromoCode: { accepted: ['promoCodes', 'audit'] },
  /** The dashboard's "Enviar recordatorio": the plan shows it went. */
  sendPlanReminder: { accepted: ['audit', 'dashboard'], waits: true },
  // The cancellation window changes every class's "cancel until" (day view, my classes, rosters);
  // the gift card amounts are the owner's too.
  changeSettings: { accepted: ['settings', 'studio', 'day', 'rosters', 'classes', 'audit', 'giftCardOptions'] },
  // Facturas (CFDI): the form, the client's invoices in Mis planes, the admin's page.
  saveFiscalData: { accepted: ['fiscalData'] },
  /** "Solicitar factura": the row shows "En proceso"; a refusal (window closed, no data) leaves it as it was. */
  requestInvoice: {
    accepted: ['myInvoices', 'adminInvoices', 'userInvoices'],
    refused: { lists: ['myInvoices'], when: { allBut: [] } },
  },
  retryInvoice: { accepted: ['adminInvoices', 'myInvoices', 'userInvoices', 'purchaseInvoices'] },
  cancelInvoice: {
    accepted: ['adminInvoices', 'myInvoices', 'globalInvoicePreview', 'userInvoices', 'purchaseInvoices'],
  },
  /** «Sustituir con datos corregidos»: the substitute joins the lists; the old one shows it is being replaced. */
  substituteInvoice: { accepted: ['adminInvoices', 'myInvoices', 'userInvoices', 'purchaseInvoices'] },
} as const satisfies Record<string, Staleness>;

export type Operation = keyof typeof STALE_AFTER;

const isOperation = (key: unknown): key is Operation => typeof key === 'string' && Object.hasOwn(STALE_AFTER, key);

function covers(refusals: Refusals, error: unknown): boolean {
  const code = isApiError(error) ? error.code : undefined;
  if ('codes' in refusals) return code !== undefined && refusals.codes.includes(code);
  return code === undefined || !refusals.allBut.includes(code);
}

/** The lists a mutation that just finished made stale: on success, or after a refusal `error`. */
export function staleAfter(mutationKey: QueryKey | undefined, error: unknown): readonly List[] {
  const operation = mutationKey?.[0];
  if (!isOperation(operation)) return [];
  const stale: Staleness = STALE_AFTER[operation];
  if (error === null || error === undefined) return stale.accepted;
  return stale.refused && covers(stale.refused.when, error) ? stale.refused.lists : [];
}

/**
 * Marks the lists a finished mutation made stale; the ones on screen load again. The returned promise
 * waits for them only for an operation that `waits` (the mutation cache returns it, so that mutation
 * stays pending until then); other changes answer at once while their lists reload.
 */
export async function invalidateAfter(
  queryClient: QueryClient,
  mutationKey: QueryKey | undefined,
  error: unknown,
): Promise<void> {
  const reloaded = Promise.all(
    staleAfter(mutationKey, error).map((list) => queryClient.invalidateQueries({ queryKey: [LIST_URLS[list]] })),
  );
  const operation = mutationKey?.[0];
  const stale: Staleness | undefined = isOperation(operation) ? STALE_AFTER[operation] : undefined;
  if (stale?.waits) await reloaded;
}
