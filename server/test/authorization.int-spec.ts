import { User } from '../src/auth/entities/user.entity';
import type { Role } from '../src/core/auth/caller';
import { Permission, ROLE_PERMISSIONS, ROLES } from '../src/core/auth/permissions';
import { FixedClock } from '../src/core/clock/clock';
import { NotificationsService } from '../src/notifications/notifications.service';
import { PaymentGateway } from '../src/payments/payment-gateway';
import type { SimulatedGateway } from '../src/payments/simulated.gateway';
import { Plan } from '../src/planes/entities/plan.entity';
import { Invoice } from '../src/invoicing/entities/invoice.entity';
import { InvoicingGateway } from '../src/invoicing/invoicing-gateway';
import { Instructor } from '../src/instructors/entities/instructor.entity';
import { ClassSession } from '../src/reservations/entities/class-session.entity';
import { Schedule } from '../src/reservations/entities/schedule.entity';
import { adminAgent, givePlan, newClient, NEXT_MONDAY, NOW, scheduleAt } from './helpers/booking';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

/**
 * Who may call each operation of the OpenAPI document:
 * - `public`: anyone, with or without a session;
 * - `session`: any logged-in user (401 without a session);
 * - `{ own: permission }`: a logged-in user acting on their own data; another user's data needs the
 *   permission (403 without it);
 * - `{ teaching: permission }`: the door of one class (attendance, walk-ins): the roles holding the
 *   permission act on any class; a role that teaches (ClassesTeach) gets through the guard and acts
 *   only on a class it teaches (403 on another instructor's class);
 * - a permission: the roles holding it (401 without a session, 403 for a role without it);
 * - `instructorOwn`: an instructor's account linked to a profile, for their own figures (403 for the others).
 * What each role may do comes from the role table (ROLE_PERMISSIONS), so a new role is checked here
 * as soon as it has its entry there.
 */
type Access = 'public' | 'session' | 'instructorOwn' | { own: Permission } | { teaching: Permission } | Permission;

interface Fixture {
  clientId: number;
  otherId: number;
  otherReservationId: number;
  otherWaitlistId: number;
  otherPaymentId: string;
  otherPlanId: number;
  scheduleId: number;
  /** A class the instructor account teaches (19:00, full) and a reservation in it. */
  taughtScheduleId: number;
  taughtReservationId: number;
  /** An issued invoice of the other client. */
  otherInvoiceId: number;
  /** The client booked in the taught class, and that class's row; the other client's class (another instructor's). */
  taughtClientId: number;
  taughtClassId: number;
  otherClassId: number;
}

interface Rule {
  access: Access;
  /** A body for the call (guards run before validation, so a refusal does not depend on it). */
  body?: (f: Fixture) => object;
  /** For `own`: the same call aimed at another user's data; for `teaching`: at another instructor's class. */
  othersBody?: (f: Fixture) => object;
  /** For `own` GET operations: the path of another user's resource. */
  othersPath?: (f: Fixture) => string;
  /** For paths with parameters (from the fixture when they name its rows). */
  path?: string | ((f: Fixture) => string);
}

const granted = (role: Role, permission: Permission): boolean => ROLE_PERMISSIONS[role].includes(permission);
const ownedBy = (access: Access): Permission | undefined =>
  typeof access === 'object' && 'own' in access ? access.own : undefined;
const taughtBy = (access: Access): Permission | undefined =>
  typeof access === 'object' && 'teaching' in access ? access.teaching : undefined;
const permissionOf = (access: Access): Permission | undefined =>
  typeof access === 'string' && access !== 'public' && access !== 'session' && access !== 'instructorOwn'
    ? access
    : taughtBy(access);
/** Whether the guard lets the role through: it holds the permission, or the route is a class's door and it teaches. */
const guardLets = (role: Role, access: Access): boolean => {
  const permission = permissionOf(access);
  if (!permission) return true;
  return granted(role, permission) || (taughtBy(access) !== undefined && granted(role, Permission.ClassesTeach));
};

let walkInSerial = 0;

const RULES: Record<string, Rule> = {
  // Accounts and sessions
  login: { access: 'public', body: () => ({ email: 'nadie@example.com', password: 'x' }) },
  register: { access: 'public', body: () => ({}) },
  logout: { access: 'public' },
  logoutAll: { access: 'session' },
  changePassword: { access: 'session', body: () => ({}) },
  forgotPassword: { access: 'public', body: () => ({ email: 'nadie@example.com' }) },
  resetPassword: { access: 'public', body: () => ({}) },
  checkResetToken: { access: 'public', body: () => ({ token: 'no-existe' }) },
  getCookie: { access: 'session' },
  getHealth: { access: 'public' },
  getStudio: { access: 'public' },
  // Information, plans and the calendar
  getPlanes: { access: 'public' },
  getInformation: { access: 'public', body: () => ({ date: NEXT_MONDAY }) },
  downloadCalendarFeed: { access: 'public', path: '/api/calendar/no-existe.ics' },
  getCalendarFeedUrl: { access: 'session' },
  resetCalendarFeedUrl: { access: 'session' },
  changeInfoUser: {
    access: { own: Permission.UsersManage },
    body: (f) => ({ id_user: f.clientId, name: 'Mismo Nombre' }),
    othersBody: (f) => ({ id_user: f.otherId, name: 'Intruso' }),
  },
  getClases: {
    access: { own: Permission.UsersRead },
    body: (f) => ({ id: f.clientId }),
    othersBody: (f) => ({ id: f.otherId }),
  },
  getUserPlanes: {
    access: { own: Permission.UsersRead },
    body: (f) => ({ id: f.clientId }),
    othersBody: (f) => ({ id: f.otherId }),
  },
  planHistory: {
    access: { own: Permission.UsersRead },
    // An unknown plan is 404, not a refusal; another client's plan is 403.
    body: () => ({ userPlanId: 999999 }),
    othersBody: (f) => ({ userPlanId: f.otherPlanId }),
  },
  // Booking
  pushReservation: {
    access: { own: Permission.ReservationsManageOthers },
    body: (f) => ({ date: NEXT_MONDAY, classReservation: f.scheduleId }),
    othersBody: (f) => ({ date: NEXT_MONDAY, classReservation: f.scheduleId, userId: f.otherId }),
  },
  cancelReservation: {
    access: { own: Permission.ReservationsManageOthers },
    body: () => ({ id: 999999 }),
    othersBody: (f) => ({ id: f.otherReservationId }),
  },
  // Only the holder releases a place, whatever their role (release-spot.int-spec.ts: another client's is 403).
  releaseSpot: { access: 'session', body: () => ({ id: 999999 }) },
  // The room and each booking's reformer
  getSala: { access: 'public' },
  changeSpot: {
    access: { own: Permission.ReservationsManageOthers },
    body: () => ({ reservationId: 999999, spot: 1 }),
    othersBody: (f) => ({ reservationId: f.otherReservationId, spot: 1 }),
  },
  setFavouriteSpot: { access: 'session', body: () => ({ spot: null }) },
  // A client's own WhatsApp consent: there is no "someone else's" form of these calls.
  getWhatsAppConsent: { access: 'session' },
  giveWhatsAppConsent: { access: 'session', body: () => ({ phone: '722 123 4567', consent: true }) },
  withdrawWhatsAppConsent: { access: 'session' },
  // «Tus datos» (privacy.int-spec.ts): a link answers 404 to anyone but its owner, a guest included.
  exportData: { access: 'session' },
  downloadExport: { access: 'public', path: '/api/informacion/export/desconocido.json' },
  deleteAccount: { access: 'session', body: () => ({}) },
  adminDeleteAccount: { access: Permission.UsersManage, body: () => ({ userId: 999999 }) },
  getAdminSala: { access: Permission.RoomManage },
  addSpot: { access: Permission.RoomManage, body: () => ({}) },
  updateSpot: { access: Permission.RoomManage, body: () => ({}) },
  retireSpot: { access: Permission.RoomManage, body: () => ({}) },
  moveInstructor: { access: Permission.RoomManage, body: () => ({}) },
  previewOutage: { access: Permission.RoomManage, body: () => ({}) },
  createOutage: { access: Permission.RoomManage, body: () => ({}) },
  endOutage: { access: Permission.RoomManage, body: () => ({}) },
  // Waitlist
  joinWaitlist: { access: 'session', body: (f) => ({ date: NEXT_MONDAY, classReservation: f.scheduleId }) },
  leaveWaitlist: {
    access: { own: Permission.WaitlistManageOthers },
    body: () => ({ id: 999999 }),
    othersBody: (f) => ({ id: f.otherWaitlistId }),
  },
  removeFromWaitlist: { access: Permission.WaitlistManageOthers, body: () => ({ id: 999999 }) },
  promoteFromWaitlist: { access: Permission.WaitlistManageOthers, body: () => ({ id: 999999 }) },
  // The door: attendance and walk-ins (attendance.int-spec.ts)
  markAttendance: {
    access: { teaching: Permission.AttendanceMark },
    body: (f) => ({ id: f.taughtReservationId, attended: true }),
    othersBody: (f) => ({ id: f.otherReservationId, attended: true }),
  },
  forgive: { access: Permission.ReservationsForgive, body: () => ({ reservationId: 999999, reason: 'Motivo' }) },
  walkIn: {
    access: { teaching: Permission.WalkInsAdd },
    // A new client at the door (an instructor adds no existing client by id); the full class refuses it (409).
    body: (f) => ({
      date: NEXT_MONDAY,
      classReservation: f.taughtScheduleId,
      name: 'Puerta Matriz',
      email: `puerta.${++walkInSerial}@example.com`,
      cumpleanos: '1990-01-02',
    }),
    othersBody: (f) => ({ date: NEXT_MONDAY, classReservation: f.scheduleId, userId: f.clientId }),
  },
  // "Mis clases a impartir" and cover requests (teaching.int-spec.ts)
  teachingClasses: { access: Permission.ClassesTeach, body: () => ({ from: NEXT_MONDAY, to: NEXT_MONDAY }) },
  askCover: { access: Permission.ClassesTeach, body: () => ({}) },
  withdrawCover: { access: Permission.ClassesTeach, body: () => ({ id: 999999 }) },
  listCoverRequests: { access: Permission.TimetableManage },
  approveCover: { access: Permission.TimetableManage, body: () => ({ id: 999999, substituteId: 1 }) },
  declineCover: { access: Permission.TimetableManage, body: () => ({ id: 999999 }) },
  // Payments
  startCheckout: { access: 'session', body: () => ({ planId: 999999 }) },
  previewCheckout: { access: 'session', body: () => ({ planId: 999999 }) },
  subscribeMembership: { access: 'session', body: () => ({ planId: 999999 }) },
  getMembership: { access: 'session', body: () => ({}) },
  pauseMembership: { access: 'session', body: () => ({ from: '2026-12-07', to: '2026-12-13' }) },
  cancelMembership: { access: 'session' },
  confirmPayment: {
    access: { own: Permission.PaymentsRead },
    body: () => ({ payment_id: 'x' }),
    othersBody: (f) => ({ payment_id: f.otherPaymentId }),
  },
  listPurchases: { access: 'session' },
  // Admin
  getInformationClases: { access: Permission.RosterRead, body: () => ({ date: NEXT_MONDAY }) },
  listTimetable: { access: Permission.TimetableManage },
  addSchedule: { access: Permission.TimetableManage, body: () => ({}) },
  changeSchedule: { access: Permission.TimetableManage, body: () => ({}) },
  deactivateSchedule: { access: Permission.TimetableManage, body: () => ({}) },
  activateSchedule: { access: Permission.TimetableManage, body: () => ({}) },
  cancelClass: { access: Permission.ClassesCancel, body: () => ({}) },
  setSubstitute: { access: Permission.TimetableManage, body: () => ({}) },
  setSubstitutes: { access: Permission.TimetableManage, body: () => ({}) },
  getUsers: { access: Permission.UsersRead, body: () => ({}) },
  getUser: { access: Permission.UsersRead, body: (f) => ({ id: f.clientId }) },
  getUserWhatsApp: { access: Permission.UsersRead, body: (f) => ({ id: f.clientId }) },
  addUser: { access: Permission.UsersManage, body: () => ({}) },
  changeData: { access: Permission.UsersManage, body: () => ({}) },
  deleteUser: { access: Permission.UsersManage, body: () => ({}) },
  activeUser: { access: Permission.UsersManage, body: () => ({}) },
  addPlanAdmin: { access: Permission.PlansGrant, body: () => ({}) },
  changeDataPlan: { access: Permission.PlansGrant, body: () => ({}) },
  catalogue: { access: Permission.CatalogueManage },
  addCataloguePlan: { access: Permission.CatalogueManage, body: () => ({}) },
  changeCataloguePlan: { access: Permission.CatalogueManage, body: () => ({}) },
  hideCataloguePlan: { access: Permission.CatalogueManage, body: () => ({}) },
  showCataloguePlan: { access: Permission.CatalogueManage, body: () => ({}) },
  getAudit: { access: Permission.AuditRead, body: () => ({}) },
  getPurchases: { access: Permission.PaymentsRead, body: (f) => ({ userId: f.clientId }) },
  refundPayment: { access: Permission.PaymentsRefund, body: () => ({ paymentId: 999999 }) },
  getAdminMemberships: { access: Permission.PaymentsRead, body: () => ({}) },
  getAdminMembershipDetail: { access: Permission.PaymentsRead, body: () => ({ id: 999999 }) },
  cancelAdminMembership: { access: Permission.PaymentsRefund, body: () => ({ id: 999999 }) },
  refundMembershipCharge: { access: Permission.PaymentsRefund, body: () => ({ chargeId: 999999 }) },
  // Desk sales ("Venta en mostrador"; desk-sales.int-spec.ts): a plan that does not exist sells nothing.
  deskSalePreview: { access: Permission.SalesDesk, body: (f) => ({ userId: f.clientId, planId: 999999 }) },
  deskSale: {
    access: Permission.SalesDesk,
    body: (f) => ({ userId: f.clientId, planId: 999999, method: 'efectivo', received: 100 }),
  },
  // A gift card at the desk: an amount not on offer sells nothing.
  deskGiftCardSale: {
    access: Permission.SalesDesk,
    body: (f) => ({
      userId: f.clientId,
      amount: 777,
      recipientName: 'Lucía',
      recipientEmail: 'lucia@example.com',
      message: '',
      deliverOn: '2026-11-23',
      method: 'efectivo',
      received: 777,
    }),
  },
  // Promo codes ("Promociones"; promo-codes.int-spec.ts)
  listPromoCodes: { access: Permission.PromosManage },
  addPromoCode: { access: Permission.PromosManage, body: () => ({}) },
  changePromoCode: { access: Permission.PromosManage, body: () => ({ id: 999999 }) },
  // Facturas (CFDI; invoices.int-spec.ts): a client's own fiscal data and invoices; the PDF and XML
  // of another client's invoice only for whoever reads payments.
  getFiscalData: { access: 'session' },
  saveFiscalData: { access: 'session', body: () => ({}) },
  getMyInvoices: { access: 'session' },
  // Only the buyer (or whoever reads payments) asks for a purchase's invoice; an unknown one is 404.
  requestInvoice: { access: 'session', body: () => ({ purchaseId: 999999 }) },
  downloadInvoicePdf: {
    access: { own: Permission.PaymentsRead },
    path: '/api/informacion/invoices/999999.pdf',
    othersBody: () => ({}),
    othersPath: (f) => `/api/informacion/invoices/${f.otherInvoiceId}.pdf`,
  },
  downloadInvoiceXml: {
    access: { own: Permission.PaymentsRead },
    path: '/api/informacion/invoices/999999.xml',
    othersBody: () => ({}),
    othersPath: (f) => `/api/informacion/invoices/${f.otherInvoiceId}.xml`,
  },
  getInvoices: { access: Permission.PaymentsRead, body: () => ({ month: '2026-11' }) },
  getUserInvoices: { access: Permission.PaymentsRead, body: () => ({ userId: 1 }) },
  previewGlobalInvoice: { access: Permission.PaymentsRead, body: () => ({ month: '2026-11' }) },
  retryInvoice: { access: Permission.PaymentsRefund, body: () => ({ id: 999999 }) },
  getPurchaseInvoices: {
    access: Permission.PaymentsRead,
    body: () => ({ kind: 'gift_card', purchaseIds: [1] }),
  },
  cancelInvoice: { access: Permission.PaymentsRefund, body: () => ({ id: 999999 }) },
  substituteInvoice: { access: Permission.PaymentsRefund, body: () => ({ id: 999999 }) },
  exportInvoices: { access: Permission.PaymentsRead, path: '/api/admin/export/invoices.csv?month=2026-11' },
  // Instructors ("Instructores" and the public pages; instructors.int-spec.ts)
  listInstructors: { access: Permission.InstructorsManage },
  addInstructor: { access: Permission.InstructorsManage, body: () => ({}) },
  changeInstructor: { access: Permission.InstructorsManage, body: () => ({ id: 999999 }) },
  // Instructors' pay ("Pago a instructores", "Mi pago"; instructor-pay.int-spec.ts)
  getInstructorPay: { access: Permission.InstructorPayRead, body: () => ({ month: '2026-11' }) },
  exportInstructorPay: {
    access: Permission.InstructorPayRead,
    path: '/api/admin/export/instructor-pay.csv?month=2026-11',
  },
  getMyPay: { access: 'instructorOwn', body: () => ({ month: '2026-11' }) },
  listPublicInstructors: { access: 'public' },
  getInstructorPage: { access: 'public', path: '/api/instructores/no-existe' },
  // A JSON body where a form is expected: refused with PHOTO_MISSING once the guard lets the call through.
  uploadInstructorPhoto: { access: Permission.InstructorsManage, body: () => ({}) },
  removeInstructorPhoto: { access: Permission.InstructorsManage, body: () => ({ id: 999999 }) },
  getInstructorPhoto: { access: 'public', path: '/api/fotos/instructores/1-0000000000000000-96.webp' },
  // Class types ("Tipos de clase" and the booking page's filter; class-types.int-spec.ts)
  listClassTypes: { access: Permission.TimetableManage },
  addClassType: { access: Permission.TimetableManage, body: () => ({}) },
  changeClassType: { access: Permission.TimetableManage, body: () => ({ id: 999999 }) },
  listPublicClassTypes: { access: 'public' },
  // Gift cards ("Tarjeta de regalo"; gift-cards.int-spec.ts)
  giftCardOptions: { access: 'session' },
  buyGiftCard: { access: 'session', body: () => ({}) },
  redeemGiftCard: { access: 'session', body: () => ({}) },
  getGiftBalance: { access: 'session' },
  getGiftCardPage: { access: 'public', path: '/api/gift-cards/page/00000000000000000000000000000000' },
  listGiftCards: { access: Permission.GiftCardsManage },
  resendGiftCard: { access: Permission.GiftCardsManage, body: () => ({ id: 999999 }) },
  voidGiftCard: { access: Permission.GiftCardsManage, body: () => ({ id: 999999 }) },
  // "Reembolsar y anular" moves money: the refund permission (gift-card-desk-refunds.int-spec.ts).
  refundGiftCard: { access: Permission.PaymentsRefund, body: () => ({ id: 999999 }) },
  // The owner's dashboard, its CSV exports (a GET download with the session cookie) and reminders
  getDashboard: { access: Permission.DashboardRead, body: () => ({ from: '2026-11-01', to: '2026-11-30' }) },
  exportCsv: { access: Permission.ExportsRead, path: '/api/admin/export/payments.csv?from=2026-11-01&to=2026-11-30' },
  sendPlanReminder: { access: Permission.RemindersSend, body: () => ({ userPlanId: 999999 }) },
  // The owner's settings ("Ajustes"; settings.int-spec.ts). An empty change changes nothing.
  getSettings: { access: Permission.SettingsManage },
  changeSettings: { access: Permission.SettingsManage, body: () => ({}) },
  // Clients' data rights: legal texts and consents (legal.int-spec.ts)
  getLegalDocument: { access: 'public', path: '/api/legal/otro' },
  listLegalVersions: { access: 'public', path: '/api/legal/terminos/versions' },
  getLegalVersion: { access: 'public', path: '/api/legal/terminos/versions/999' },
  publishLegalDocument: { access: Permission.SettingsManage, body: () => ({}) },
  // A client's own consents: there is no "someone else's" form of these calls.
  getPendingAcceptances: { access: 'session' },
  acceptLegalDocument: { access: 'session', body: () => ({ kind: 'terminos', version: 999 }) },
  getMarketingConsent: { access: 'session' },
  setMarketingConsent: { access: 'session', body: () => ({ optIn: false }) },
  // ARCO requests (arco.int-spec.ts): anyone sends one; the studio's list and answers are the admin's.
  submitArcoRequest: { access: 'public', body: () => ({}) },
  listArcoRequests: { access: Permission.ArcoManage },
  changeArcoRequestStatus: {
    access: Permission.ArcoManage,
    path: '/api/admin/arco-requests/999999/status',
    body: () => ({ status: 'en_proceso' }),
  },
  // The health questionnaire (health-profile.int-spec.ts): one's own, then staff's reading of it.
  getMyHealthProfile: { access: 'session' },
  saveMyHealthProfile: { access: 'session', body: () => ({}) },
  getHealthProfile: {
    access: { teaching: Permission.HealthRead },
    path: (f) => `/api/health-profiles/${f.taughtClientId}?classId=${f.taughtClassId}`,
    othersPath: (f) => `/api/health-profiles/${f.otherId}?classId=${f.otherClassId}`,
  },
  getHealthProfileViews: { access: Permission.HealthRead, path: '/api/admin/users/999999/health-views' },
};

interface Operation {
  id: string;
  method: 'get' | 'post';
  path: string;
  permission?: string;
  /** A class's door: the permission that lets a teaching role through the guard. */
  teaching?: string;
  /** The statuses the document says the operation answers. */
  documented: string[];
  /** The document's security requirements (alternatives; each names the schemes it needs). */
  security: Record<string, string[]>[];
  summary?: string;
}

interface Caller {
  name: string;
  /** null for the guest. */
  role: Role | null;
  agent: Agent;
  /** The caller's own user id (none for the guest). */
  userId?: number;
  /** An instructor's account linked to a profile (instructors.user_id). */
  teaches?: boolean;
}

describe('authorization matrix: every endpoint of the OpenAPI document × guest, client, another client and each role of the table', () => {
  let t: TestApp;
  let operations: Operation[];
  let fixture: Fixture;
  let guest: Caller;
  let other: Caller;
  /** One logged-in user per role of the table; `user` is the client whose own data the calls name. */
  let byRole: Record<Role, Caller>;

  /** A new account with the role, logged in (its role set in the database, as an admin would). */
  const accountWith = async (role: Role, name: string): Promise<{ agent: Agent; userId: number }> => {
    const account = await newClient(t, name);
    if (account.user.role !== role) await t.dataSource.getRepository(User).update({ id: account.user.id }, { role });
    return { agent: account.agent, userId: account.user.id };
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(NOW) });
    const doc = (await t.agent().get('/api/docs-json').expect(200)).body as {
      paths: Record<
        string,
        Record<
          string,
          {
            operationId: string;
            'x-permission'?: string;
            'x-teaching'?: string;
            responses: Record<string, unknown>;
            security: Record<string, string[]>[];
            summary?: string;
          }
        >
      >;
    };
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        id: op.operationId,
        method: method as 'get' | 'post',
        path,
        permission: op['x-permission'],
        teaching: op['x-teaching'],
        documented: Object.keys(op.responses),
        security: op.security,
        summary: op.summary,
      })),
    );
    const mine = await newClient(t, 'Matriz');
    const theirs = await newClient(t, 'Ajena');
    const theirPlanId = await givePlan(t, theirs.user.id, { classes: 2 });
    const schedule = await scheduleAt(t, 1, '20:00');
    const booked = await theirs.agent
      .post('/api/reservations/push-reservation')
      .send({ date: NEXT_MONDAY, classReservation: schedule.id })
      .expect(201);
    // The other client waits for a place in a full class…
    const full = await scheduleAt(t, 1, '19:00');
    await t.dataSource.getRepository(Schedule).update({ id: full.id }, { capacity: 1 });
    const filler = await newClient(t, 'Llena');
    await givePlan(t, filler.user.id, { classes: 1 });
    await filler.agent
      .post('/api/reservations/push-reservation')
      .send({ date: NEXT_MONDAY, classReservation: full.id })
      .expect(201);
    const waiting = await theirs.agent
      .post('/api/reservations/join-waitlist')
      .send({ date: NEXT_MONDAY, classReservation: full.id })
      .expect(201);
    // …and has a payment at Mercado Pago (the simulated checkout), left pending.
    const plan = await t.dataSource.getRepository(Plan).findOneByOrFail({ name: 'Cuatro Clases' });
    const checkout = await theirs.agent.post('/api/mercadopago').send({ planId: plan.id }).expect(200);
    const reference = new URL(checkout.body.url).pathname.split('/').pop()!;
    const payment = (t.app.get(PaymentGateway) as SimulatedGateway).pay(reference, 'pending', NOW);

    guest = { name: 'guest', role: null, agent: t.agent() };
    other = { name: 'another client', role: 'user', agent: theirs.agent };
    const callers: Partial<Record<Role, Caller>> = {};
    for (const role of ROLES) {
      if (role === 'user') callers[role] = { name: 'client', role, agent: mine.agent, userId: mine.user.id };
      else if (role === 'admin') callers[role] = { name: role, role, agent: await adminAgent(t) };
      else callers[role] = { name: role, role, ...(await accountWith(role, role)) };
    }
    // The instructor's account has its profile, as linking it in "Instructores" leaves it.
    byRole = callers as Record<Role, Caller>;
    // The instructor account teaches the full 19:00 class; another instructor (no account) the 20:00.
    const profiles = t.dataSource.getRepository(Instructor);
    const teacher = await profiles.save(
      profiles.create({
        name: 'Profe Matriz',
        slug: 'profe-matriz',
        bio: '',
        specialties: [],
        userId: byRole.instructor.userId ?? null,
      }),
    );
    // The instructor's account has its profile, as linking it in "Instructores" leaves it: Mi pago answers it.
    byRole.instructor.teaches = true;
    const colleague = await profiles.save(
      profiles.create({ name: 'Profe Ajena', slug: 'profe-ajena', bio: '', specialties: [], userId: null }),
    );
    for (const [scheduleId, instructor] of [
      [full.id, teacher],
      [schedule.id, colleague],
    ] as const) {
      await t.dataSource
        .getRepository(Schedule)
        .update({ id: scheduleId }, { instructorId: instructor.id, instructor: instructor.name });
      await t.dataSource
        .getRepository(ClassSession)
        .update({ scheduleId }, { instructorId: instructor.id, instructor: instructor.name });
    }
    const fillerPlace = await t.dataSource
      .getRepository(ClassSession)
      .findOneByOrFail({ scheduleId: full.id })
      .then((klass) => t.dataSource.query('SELECT id FROM reservations WHERE class_session_id = ?', [klass.id]));
    const stamped = await t.app.get(InvoicingGateway).createInvoice({
      customer: {
        legal_name: 'EMILIO GOMEZ DIAZ',
        tax_id: 'GODE561231GR8',
        tax_system: '612',
        address: { zip: '52140' },
      },
      items: [
        {
          quantity: 1,
          product: {
            description: 'Plan',
            product_key: '01010101',
            unit_key: 'E48',
            price: 1200,
            tax_included: true,
            taxes: [{ type: 'IVA', rate: 0.16 }],
          },
        },
      ],
      payment_form: '04',
      payment_method: 'PUE',
      use: 'G03',
    });
    const otherInvoice = await t.dataSource.getRepository(Invoice).save({
      purchaseKind: 'payment' as const,
      purchaseId: 999_000,
      userId: theirs.user.id,
      period: '2026-11',
      status: 'issued' as const,
      totalCents: 120_000,
      paymentForm: '04',
      rfc: 'GODE561231GR8',
      legalName: 'EMILIO GOMEZ DIAZ',
      taxSystem: '612',
      zip: '52140',
      cfdiUse: 'G03',
      providerId: stamped.id,
      uuid: stamped.uuid,
      nextAttemptAt: NOW,
    });
    const classIdOf = async (scheduleId: number) =>
      (await t.dataSource.getRepository(ClassSession).findOneByOrFail({ scheduleId, date: NEXT_MONDAY })).id;
    fixture = {
      taughtClientId: filler.user.id,
      taughtClassId: await classIdOf(full.id),
      otherClassId: await classIdOf(schedule.id),
      otherInvoiceId: otherInvoice.id,
      clientId: mine.user.id,
      otherId: theirs.user.id,
      otherReservationId: booked.body.reservationId,
      otherWaitlistId: waiting.body.waitlistId,
      otherPaymentId: payment.id,
      otherPlanId: theirPlanId,
      scheduleId: schedule.id,
      taughtScheduleId: full.id,
      taughtReservationId: Number((fillerPlace as { id: number }[])[0].id),
    };
  });
  afterAll(async () => {
    await t.app.get(NotificationsService).settled();
    await t.close();
  });

  /** Logging out ends the sessions the next calls need: those calls get a session of their own. */
  const agentFor = async (caller: Caller, op: Operation): Promise<Agent> => {
    // logout is public, so a guest calls it.
    if (op.id === 'logout') return t.agent();
    if (op.id !== 'logoutAll' || caller.role === null) return caller.agent;
    // logout-all ends every session of its user: a throwaway user of the same role makes the call.
    return (await accountWith(caller.role, 'Desechable')).agent;
  };

  /** Every status each operation answered in this file's calls: the document must name them all. */
  const observed = new Map<string, Set<number>>();
  const observe = (op: Operation, status: number) => {
    if (!observed.has(op.id)) observed.set(op.id, new Set());
    observed.get(op.id)!.add(status);
  };

  const call = async (caller: Caller, op: Operation, body?: object, othersPath?: string) => {
    const rule = RULES[op.id];
    const path = othersPath ?? (typeof rule.path === 'function' ? rule.path(fixture) : rule.path) ?? op.path;
    const agent = await agentFor(caller, op);
    // A role without the `own` rule's permission acts on its own data (the client is the fixture's).
    const own = ownedBy(rule.access);
    const mineOnly = own && caller.role && caller.userId !== undefined && !granted(caller.role, own);
    const f = mineOnly ? { ...fixture, clientId: caller.userId! } : fixture;
    const res = await (op.method === 'get' ? agent.get(path) : agent.post(path).send(body ?? rule.body?.(f) ?? {}));
    observe(op, res.status);
    return res;
  };

  it('should have a rule for every operation, and no rule for an operation that is gone', () => {
    const ids = operations.map((op) => op.id).sort();
    expect(ids.filter((id) => !(id in RULES))).toEqual([]);
    expect(Object.keys(RULES).filter((id) => !ids.includes(id))).toEqual([]);
    expect(operations.filter((op) => op.path.includes('{') && !RULES[op.id].path)).toEqual([]);
    // And a summary (core/http/operation-summaries.ts) for each.
    expect(operations.filter((op) => !op.summary).map((op) => op.id)).toEqual([]);
  });

  it("should name in the document (x-permission) the permission each operation's rule expects, and none elsewhere", () => {
    for (const op of operations) {
      expect({ op: op.id, permission: op.permission }).toEqual({
        op: op.id,
        permission: permissionOf(RULES[op.id].access),
      });
      expect({ op: op.id, teaching: op.teaching }).toEqual({
        op: op.id,
        teaching: taughtBy(RULES[op.id].access) ? Permission.ClassesTeach : undefined,
      });
    }
  });

  it('should answer guests 401 on every operation that needs a session, and let them reach the public ones', async () => {
    for (const op of operations) {
      const { status } = await call(guest, op);
      const expected = RULES[op.id].access === 'public' ? 'not 401/403' : 401;
      expect({ op: op.id, status: status === 401 || status === 403 ? status : 'not 401/403' }).toEqual({
        op: op.id,
        status: expected,
      });
    }
  });

  it('should answer each role 403 on every operation whose permission it lacks, and let it reach the others', async () => {
    for (const role of ROLES) {
      const caller = byRole[role];
      for (const op of operations) {
        const { status, body } = await call(caller, op);
        const notTeaching = RULES[op.id].access === 'instructorOwn' && !caller.teaches;
        if (notTeaching) {
          expect({ role, op: op.id, status, code: body.code }).toEqual({
            role,
            op: op.id,
            status: 403,
            code: 'FORBIDDEN',
          });
        } else if (!guardLets(role, RULES[op.id].access)) {
          expect({ role, op: op.id, status, code: body.code }).toEqual({
            role,
            op: op.id,
            status: 403,
            code: 'FORBIDDEN',
          });
        } else {
          expect({ role, op: op.id, refused: status === 401 || status === 403 }).toEqual({
            role,
            op: op.id,
            refused: false,
          });
        }
      }
    }
    // Today's table: a client holds none of the admin's permissions, the admin all of them.
    expect(operations.filter((op) => permissionOf(RULES[op.id].access)).length).toBeGreaterThan(25);
    expect(Object.values(Permission).filter((permission) => granted('user', permission))).toEqual([]);
  });

  it("should answer 403 on another client's data to each role without the rule's permission, and let the others act on it", async () => {
    const own = operations.filter((op) => ownedBy(RULES[op.id].access));
    expect(own.map((op) => op.id).sort()).toEqual(
      [
        'cancelReservation',
        'changeInfoUser',
        'changeSpot',
        'confirmPayment',
        'downloadInvoicePdf',
        'downloadInvoiceXml',
        'getClases',
        'getUserPlanes',
        'leaveWaitlist',
        'planHistory',
        'pushReservation',
      ].sort(),
    );
    // The other client's own calls are theirs to make.
    for (const op of own) {
      const theirs = await call(other, op, RULES[op.id].othersBody!(fixture), RULES[op.id].othersPath?.(fixture));
      expect({ op: op.id, refused: theirs.status === 401 || theirs.status === 403 }).toEqual({
        op: op.id,
        refused: false,
      });
    }
    // Roles without the permission first: those with it change the other client's data.
    const roles = [...ROLES].sort((a, b) => ROLE_PERMISSIONS[a].length - ROLE_PERMISSIONS[b].length);
    for (const role of roles) {
      for (const op of own) {
        const { status, body } = await call(
          byRole[role],
          op,
          RULES[op.id].othersBody!(fixture),
          RULES[op.id].othersPath?.(fixture),
        );
        const expected = granted(role, ownedBy(RULES[op.id].access)!)
          ? { refused: false }
          : { refused: true, status: 403, code: 'FORBIDDEN' };
        const seen = status === 401 || status === 403 ? { refused: true, status, code: body.code } : { refused: false };
        expect({ role, op: op.id, ...seen }).toEqual({ role, op: op.id, ...expected });
      }
    }
  });

  it("should answer 403 on another instructor's class to a role that only teaches, and let those with the permission act on any class", async () => {
    const door = operations.filter((op) => taughtBy(RULES[op.id].access));
    expect(door.map((op) => op.id).sort()).toEqual(['getHealthProfile', 'markAttendance', 'walkIn']);
    for (const role of ROLES) {
      for (const op of door) {
        const { status, body } = await call(
          byRole[role],
          op,
          RULES[op.id].othersBody?.(fixture),
          RULES[op.id].othersPath?.(fixture),
        );
        const expected = granted(role, taughtBy(RULES[op.id].access)!)
          ? { refused: false }
          : { refused: true, status: 403, code: 'FORBIDDEN' };
        const seen = status === 401 || status === 403 ? { refused: true, status, code: body.code } : { refused: false };
        expect({ role, op: op.id, ...seen }).toEqual({ role, op: op.id, ...expected });
      }
    }
    // The instructor reaches their own class's door (refused further on for the class's own reasons).
    for (const op of door) {
      const { status } = await call(byRole.instructor, op);
      expect({ op: op.id, refused: status === 401 || status === 403 }).toEqual({ op: op.id, refused: false });
    }
  });

  it('should refuse every state-changing operation without the CSRF header, even with a valid session', async () => {
    const login = await t.http().post('/api/auth/login').set('X-Requested-With', 'pilates-web').send({
      email: 'admin@test.local',
      password: 'admin-password-1',
    });
    const cookie = login.headers['set-cookie'] as unknown as string[];
    for (const op of operations.filter((o) => o.method === 'post')) {
      const res = await t
        .http()
        .post(typeof RULES[op.id].path === 'string' ? (RULES[op.id].path as string) : op.path)
        .set('Cookie', cookie)
        .send(RULES[op.id].body?.(fixture) ?? {});
      observe(op, res.status);
      expect({ op: op.id, status: res.status, code: res.body.code }).toEqual({
        op: op.id,
        status: 403,
        code: 'CSRF_HEADER_MISSING',
      });
    }
  });

  it('should say in the document which calls need the session cookie and the X-Requested-With header, as the guards decide', () => {
    for (const op of operations) {
      const access = RULES[op.id].access;
      // Public calls offer an alternative without the cookie; the others need it in every alternative.
      const needsCookie = op.security.length > 0 && op.security.every((requirement) => 'cookie' in requirement);
      const needsHeader = op.security.length > 0 && op.security.every((requirement) => 'requestedWith' in requirement);
      expect({ op: op.id, needsCookie, needsHeader }).toEqual({
        op: op.id,
        needsCookie: access !== 'public',
        needsHeader: op.method === 'post',
      });
    }
  });

  it('should document every status the matrix saw each operation answer', () => {
    const undocumented = operations.flatMap((op) =>
      [...(observed.get(op.id) ?? [])]
        .filter((status) => !op.documented.includes(String(status)))
        .map((status) => `${op.id} ${status}`),
    );
    expect(undocumented).toEqual([]);
    // Every operation was called, so the check covered all of them.
    expect(operations.filter((op) => !observed.has(op.id)).map((op) => op.id)).toEqual([]);
  });
});
