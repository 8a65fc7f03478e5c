import { addDays } from '@pilates/dates';
import { Schedule } from '../../src/reservations/entities/schedule.entity';
import { validRegistration } from './accounts';
import { instructorNamed } from './instructors';
import { FISCAL, FISCAL_CUSTOMER } from './invoicing';
import { adminAgent, givePlan, newClient, NEXT_MONDAY, scheduleAt, TODAY } from './booking';
import type { TestApp } from './test-app';

export type Agent = ReturnType<TestApp['agent']>;

/** "Pilates Reformer", the class type the migration gives every timetable entry. */
const REFORMER_TYPE_ID = 1;
export type Role = 'guest' | 'client' | 'admin';

export interface Fixture {
  clientId: number;
  clientEmail: string;
  userPlanId: number;
  scheduleId: number;
  reservationId: number;
  /** The active instructor profile of the fixture's timetable class. */
  instructorId: number;
}

/** A valid body of each operation with a JSON body, and who may call it. Every field of the operation's schema appears. */
export const EXAMPLES: Record<string, { role: Role; body: (f: Fixture) => Record<string, unknown> }> = {
  login: { role: 'guest', body: () => ({ email: 'nadie@example.com', password: 'una-clave-cualquiera' }) },
  register: {
    role: 'guest',
    body: () => ({
      ...validRegistration({ email: 'nueva@example.com' }),
      whatsappConsent: true,
      whatsapp: '722 123 4567',
      marketingConsent: true,
    }),
  },
  changePassword: {
    role: 'client',
    body: () => ({ currentPassword: 'clave-segura-1', newPassword: 'otra-clave-9', confirmPassword: 'otra-clave-9' }),
  },
  forgotPassword: { role: 'guest', body: () => ({ email: 'nadie@example.com' }) },
  resetPassword: { role: 'guest', body: () => ({ token: 'x'.repeat(43), password: 'otra-clave-9' }) },
  checkResetToken: { role: 'guest', body: () => ({ token: 'x'.repeat(43) }) },
  changeInfoUser: {
    role: 'client',
    body: (f) => ({
      name: 'Nombre Nuevo',
      email: f.clientEmail,
      cumpleanos: '1990-01-02',
      currentPassword: 'clave-segura-1',
      id_user: f.clientId,
    }),
  },
  getClases: { role: 'client', body: (f) => ({ id: f.clientId, pagination: 1, limit: 5, periodo: 'proximas' }) },
  getUserPlanes: { role: 'client', body: (f) => ({ id: f.clientId, pagination: 1, limit: 5 }) },
  planHistory: { role: 'client', body: (f) => ({ userPlanId: f.userPlanId }) },
  getInformation: { role: 'guest', body: () => ({ date: NEXT_MONDAY }) },
  pushReservation: {
    role: 'client',
    body: (f) => ({ date: NEXT_MONDAY, classReservation: f.scheduleId, userId: f.clientId, spot: 2 }),
  },
  cancelReservation: { role: 'client', body: (f) => ({ id: f.reservationId }) },
  releaseSpot: { role: 'client', body: (f) => ({ id: f.reservationId }) },
  forgive: { role: 'admin', body: (f) => ({ reservationId: f.reservationId, reason: 'Avisó por WhatsApp' }) },
  changeSpot: { role: 'client', body: (f) => ({ reservationId: f.reservationId, spot: 3 }) },
  setFavouriteSpot: { role: 'client', body: () => ({ spot: 2 }) },
  giveWhatsAppConsent: { role: 'client', body: () => ({ phone: '044 722 123 4567', consent: true }) },
  // Not the client's password, and no such account: a run of the examples never deletes the fixture's client.
  deleteAccount: { role: 'client', body: () => ({ password: 'no-es-mi-clave', confirmForfeit: false }) },
  adminDeleteAccount: { role: 'admin', body: () => ({ userId: 2_000_000_000, confirmForfeit: false }) },
  addSpot: { role: 'admin', body: () => ({ label: 'Reformer 9', row: 4, column: 0 }) },
  updateSpot: { role: 'admin', body: () => ({ id: 2, label: 'Junto a la ventana', row: 5, column: 5 }) },
  retireSpot: { role: 'admin', body: () => ({ id: 8 }) },
  moveInstructor: { role: 'admin', body: () => ({ row: 0, column: 2 }) },
  previewOutage: {
    role: 'admin',
    body: () => ({ spot: 3, from: NEXT_MONDAY, to: addDays(NEXT_MONDAY, 2), reason: 'Resorte en reparación' }),
  },
  // Far from the other examples' classes: a range made by a valid body leaves them alone.
  createOutage: {
    role: 'admin',
    body: () => ({ spot: 7, from: addDays(NEXT_MONDAY, 90), to: addDays(NEXT_MONDAY, 91), reason: 'Pintura' }),
  },
  endOutage: { role: 'admin', body: () => ({ id: 999999 }) },
  joinWaitlist: { role: 'client', body: (f) => ({ date: NEXT_MONDAY, classReservation: f.scheduleId }) },
  leaveWaitlist: { role: 'client', body: () => ({ id: 999999 }) },
  removeFromWaitlist: { role: 'admin', body: () => ({ id: 999999 }) },
  promoteFromWaitlist: { role: 'admin', body: () => ({ id: 999999 }) },
  markAttendance: { role: 'admin', body: (f) => ({ id: f.reservationId, attended: true }) },
  walkIn: {
    role: 'admin',
    body: (f) => ({
      date: NEXT_MONDAY,
      classReservation: f.scheduleId,
      userId: f.clientId,
      name: 'Ana Puerta',
      email: 'puerta@example.com',
      cumpleanos: '1990-01-02',
      spot: 4,
    }),
  },
  startCheckout: {
    role: 'client',
    body: (f) => ({
      planId: 2,
      price: 800,
      user: { id: 1 },
      hold: { date: NEXT_MONDAY, scheduleId: f.scheduleId, spot: 4 },
      code: 'NOEXISTE',
    }),
  },
  previewCheckout: { role: 'client', body: () => ({ planId: 2, code: 'NOEXISTE' }) },
  subscribeMembership: { role: 'client', body: () => ({ planId: 2 }) },
  getMembership: { role: 'client', body: () => ({ date: NEXT_MONDAY }) },
  // The client has no membership: MEMBERSHIP_NOT_FOUND after validation.
  pauseMembership: { role: 'client', body: () => ({ from: '2026-12-07', to: '2026-12-13' }) },
  confirmPayment: { role: 'client', body: () => ({ payment_id: '1234567890' }) },
  getInformationClases: { role: 'admin', body: () => ({ date: NEXT_MONDAY }) },
  addSchedule: {
    role: 'admin',
    body: (f) => ({
      weekday: 7,
      startTime: '12:00',
      capacity: 6,
      instructorId: f.instructorId,
      classTypeId: REFORMER_TYPE_ID,
      durationMinutes: 55,
    }),
  },
  changeSchedule: {
    role: 'admin',
    body: (f) => ({
      id: f.scheduleId,
      startTime: '20:00',
      capacity: 8,
      instructorId: f.instructorId,
      classTypeId: REFORMER_TYPE_ID,
      durationMinutes: 50,
    }),
  },
  deactivateSchedule: { role: 'admin', body: (f) => ({ id: f.scheduleId }) },
  addInstructor: {
    role: 'admin',
    body: () => ({
      name: 'Sofía Ruiz',
      bio: 'Instructora de Pilates Reformer.',
      specialties: ['Prenatal', 'Rehabilitación'],
      sortOrder: 2,
      accountEmail: 'nadie@example.com',
      payPerClassCents: 15000,
      payPerAttendeeCents: 2000,
      payAttendeeThreshold: 4,
    }),
  },
  changeInstructor: {
    role: 'admin',
    body: (f) => ({
      id: f.instructorId,
      name: 'Laura Gómez',
      bio: 'Diez años enseñando.',
      specialties: ['Postura'],
      active: true,
      sortOrder: 1,
      accountEmail: f.clientEmail,
      payPerClassCents: 18000,
      payPerAttendeeCents: 2500,
      payAttendeeThreshold: 5,
    }),
  },
  getInstructorPay: { role: 'admin', body: () => ({ month: '2026-11' }) },
  getMyPay: { role: 'client', body: () => ({ month: '2026-11' }) },
  removeInstructorPhoto: { role: 'admin', body: (f) => ({ id: f.instructorId }) },
  activateSchedule: { role: 'admin', body: (f) => ({ id: f.scheduleId }) },
  addClassType: {
    role: 'admin',
    body: () => ({
      name: 'Prenatal',
      level: 'prenatal',
      description: 'Para embarazadas, con indicación médica.',
      durationMinutes: 45,
      colour: '#be185d',
      sortOrder: 2,
    }),
  },
  changeClassType: {
    role: 'admin',
    body: () => ({
      id: REFORMER_TYPE_ID,
      name: 'Pilates Reformer',
      level: 'intermedio',
      description: 'Clase en reformer.',
      durationMinutes: 50,
      colour: '#047857',
      active: true,
      sortOrder: 1,
    }),
  },
  cancelClass: { role: 'admin', body: (f) => ({ date: NEXT_MONDAY, scheduleId: f.scheduleId }) },
  setSubstitute: {
    role: 'admin',
    body: (f) => ({ scheduleId: f.scheduleId, date: NEXT_MONDAY, instructorId: f.instructorId }),
  },
  setSubstitutes: {
    role: 'admin',
    body: (f) => ({
      from: NEXT_MONDAY,
      to: addDays(NEXT_MONDAY, 7),
      instructorId: f.instructorId,
      scheduleId: f.scheduleId,
      substituteId: f.instructorId,
    }),
  },
  // "Mis clases a impartir" and cover requests: the admin holds the teaching permission too.
  teachingClasses: { role: 'admin', body: () => ({ from: NEXT_MONDAY, to: addDays(NEXT_MONDAY, 6) }) },
  askCover: { role: 'admin', body: (f) => ({ scheduleId: f.scheduleId, date: NEXT_MONDAY, note: 'Cita médica' }) },
  withdrawCover: { role: 'admin', body: () => ({ id: 1 }) },
  approveCover: { role: 'admin', body: (f) => ({ id: 1, substituteId: f.instructorId }) },
  declineCover: { role: 'admin', body: () => ({ id: 1 }) },
  getUsers: { role: 'admin', body: () => ({ pagination: 1, limit: 10, search: 'ana' }) },
  getUser: { role: 'admin', body: (f) => ({ id: f.clientId }) },
  getUserWhatsApp: { role: 'admin', body: (f) => ({ id: f.clientId }) },
  addUser: {
    role: 'admin',
    body: () =>
      Object.fromEntries(
        Object.entries(validRegistration({ email: 'alta@example.com' })).filter(([k]) => k !== 'terms'),
      ),
  },
  changeData: {
    role: 'admin',
    body: (f) => ({
      id_user: f.clientId,
      name: 'Otro Nombre',
      email: f.clientEmail,
      cumpleanos: '1991-03-04',
      role: 'user',
    }),
  },
  deleteUser: { role: 'admin', body: (f) => ({ id: f.clientId }) },
  activeUser: { role: 'admin', body: (f) => ({ id: f.clientId }) },
  addPlanAdmin: {
    role: 'admin',
    body: (f) => ({
      selectplan: 2,
      number: 4,
      startdate: '2026-11-23',
      enddate: '2026-12-22',
      pagado: 1,
      id_user: f.clientId,
    }),
  },
  changeDataPlan: {
    role: 'admin',
    body: (f) => ({ id_plan: f.userPlanId, clases: 3, dateInit: '2026-11-23', dateEnd: '2026-12-22', paid: 1 }),
  },
  addCataloguePlan: {
    role: 'admin',
    body: () => ({
      name: 'Diez Clases',
      price: 1700,
      classes: 10,
      intro: false,
      classTypeIds: [REFORMER_TYPE_ID],
      kind: 'pack',
      weeklyLimit: null,
    }),
  },
  changeCataloguePlan: {
    role: 'admin',
    body: () => ({
      id: 2,
      name: 'Cuatro Clases',
      price: 850,
      classes: 4,
      intro: false,
      classTypeIds: [],
      weeklyLimit: null,
    }),
  },
  hideCataloguePlan: { role: 'admin', body: () => ({ id: 2 }) },
  showCataloguePlan: { role: 'admin', body: () => ({ id: 2 }) },
  getAudit: {
    role: 'admin',
    body: (f) => ({ pagination: 1, limit: 20, userId: f.clientId, action: 'user.update', from: TODAY, to: TODAY }),
  },
  getPurchases: { role: 'admin', body: (f) => ({ userId: f.clientId }) },
  getAdminMemberships: { role: 'admin', body: () => ({ status: 'past_due', page: 1 }) },
  getAdminMembershipDetail: { role: 'admin', body: () => ({ id: 999999 }) },
  cancelAdminMembership: { role: 'admin', body: () => ({ id: 999999 }) },
  refundMembershipCharge: { role: 'admin', body: () => ({ chargeId: 999999 }) },
  refundPayment: {
    role: 'admin',
    body: () => ({ paymentId: 999999, amount: 100, idempotencyKey: '3f0e2a52-6a8e-4c3e-9a51-0d7f3c1b2a90' }),
  },
  // Ocho Clases (id 3) sold at the desk; no code BUENFIN exists, so it answers PROMO_INVALID.
  deskSalePreview: { role: 'admin', body: (f) => ({ userId: f.clientId, planId: 3, code: 'BUENFIN' }) },
  deskSale: {
    role: 'admin',
    body: (f) => ({
      userId: f.clientId,
      planId: 3,
      method: 'terminal',
      received: 1500,
      code: 'BUENFIN',
      requestKey: '6c1f0f53-0b1e-4d52-8d4b-2f7a9d1c3e44',
    }),
  },
  addPromoCode: {
    role: 'admin',
    body: () => ({
      code: 'BuenFin',
      kind: 'percent',
      value: 15,
      validFrom: '2026-11-20',
      validTo: '2026-11-30',
      maxUses: 100,
      maxUsesPerClient: 1,
      planIds: [2],
      newClientsOnly: false,
    }),
  },
  changePromoCode: {
    role: 'admin',
    body: () => ({
      id: 999999,
      validFrom: '2026-11-20',
      validTo: '2026-12-05',
      maxUses: 50,
      maxUsesPerClient: 2,
      planIds: [],
      newClientsOnly: true,
      active: false,
    }),
  },
  buyGiftCard: {
    role: 'client',
    body: () => ({
      amount: 1000,
      recipientName: 'Lucía Pérez',
      recipientEmail: 'lucia@example.com',
      message: '¡Feliz cumpleaños!',
      deliverOn: TODAY,
    }),
  },
  redeemGiftCard: { role: 'client', body: () => ({ code: 'ABCD-EFGH-JKMN-PQRS' }) },
  resendGiftCard: { role: 'admin', body: () => ({ id: 999999 }) },
  voidGiftCard: { role: 'admin', body: () => ({ id: 999999 }) },
  refundGiftCard: { role: 'admin', body: () => ({ id: 999999 }) },
  // A gift card sold at the desk (one sale for the key: a repeated valid body answers the same sale).
  deskGiftCardSale: {
    role: 'admin',
    body: (f) => ({
      userId: f.clientId,
      amount: 1000,
      recipientName: 'Lucía Pérez',
      recipientEmail: 'lucia@example.com',
      message: '¡Feliz cumpleaños!',
      deliverOn: TODAY,
      method: 'efectivo',
      received: 1200,
      requestKey: '0b6f4c8e-2f0a-4e7b-9a8e-5d1c2b3a4f60',
    }),
  },
  getDashboard: { role: 'admin', body: () => ({ from: '2026-11-01', to: '2026-11-30' }) },
  sendPlanReminder: { role: 'admin', body: (f) => ({ userPlanId: f.userPlanId }) },
  changeSettings: {
    role: 'admin',
    body: () => ({
      cancelHours: 12,
      waitlistMax: 10,
      waitlistCutoffHours: 2,
      waitlistGraceMinutes: 60,
      lateCancelReleases: true,
      autoNoShows: true,
      strikeRule: { enabled: false, count: 3, days: 30, blockDays: 7 },
      reminderHours: 24,
      secondReminderHours: 2,
      contact: {
        address: ['Av. Leona Vicario 1020, local 4', 'Metepec, Estado de México'],
        phone: '722 123 4567',
        whatsapp: '527221234567',
        instagram: 'https://www.instagram.com/estudiopilatesreformer/',
        mapUrl: 'https://www.google.com/maps?q=Metepec&output=embed',
        openingHours: ['Lunes a viernes: 7:00 AM – 9:00 PM'],
      },
      giftCardAmounts: [500, 800, 1000, 1500, 2000, 3000],
      giftCardPlanPrices: true,
      invoiceProductKey: '01010101',
      invoiceUnitKey: 'E48',
      invoiceSeries: 'F',
      invoiceZip: '52140',
      invoiceGraceDays: 0,
      invoiceDescription: 'Clases de Pilates Reformer',
      membershipGraceDays: 7,
      membershipPauseMaxDaysPerYear: 30,
      membershipDailyLimit: 1,
    }),
  },
  // Facturas (CFDI)
  saveFiscalData: { role: 'client', body: () => FISCAL },
  // No purchase of the fixture's client: its documented 404.
  requestInvoice: { role: 'client', body: () => ({ purchaseId: 999999, kind: 'payment' }) },
  getInvoices: { role: 'admin', body: () => ({ month: '2026-11', status: 'issued' }) },
  getUserInvoices: { role: 'admin', body: (f) => ({ userId: f.clientId }) },
  previewGlobalInvoice: { role: 'admin', body: () => ({ month: '2026-11', status: 'issued' }) },
  retryInvoice: { role: 'admin', body: () => ({ id: 999999 }) },
  getPurchaseInvoices: { role: 'admin', body: () => ({ kind: 'gift_card', purchaseIds: [1, 2] }) },
  cancelInvoice: { role: 'admin', body: () => ({ id: 999999, motive: '03' }) },
  // No such invoice: its documented 404 (the fields pass).
  substituteInvoice: { role: 'admin', body: () => ({ id: 999999, ...FISCAL_CUSTOMER }) },
  // Clients' data rights: legal texts and consents
  publishLegalDocument: {
    role: 'admin',
    body: () => ({
      kind: 'aviso-corto',
      summary: 'Primera versión.',
      text: 'Estudio Pilates Reformer usa tus datos para tus reservas y pagos.',
    }),
  },
  acceptLegalDocument: { role: 'client', body: () => ({ kind: 'privacidad', version: 1 }) },
  setMarketingConsent: { role: 'client', body: () => ({ optIn: true }) },
  // ARCO requests
  submitArcoRequest: {
    role: 'guest',
    body: () => ({
      name: 'Ana López',
      email: 'ana.arco@example.com',
      right: 'acceso',
      detail: 'Quiero saber qué datos míos tienen.',
    }),
  },
  // No such request: its documented 404.
  changeArcoRequestStatus: {
    role: 'admin',
    body: () => ({ status: 'respondida', responseNote: 'Te enviamos tus datos por correo.' }),
  },
  // The health questionnaire: every answer, a yes with its detail, and the express consent.
  saveMyHealthProfile: {
    role: 'client',
    body: () => ({
      hasInjuries: true,
      injuries: 'Hernia de disco L4-L5, sin dolor actual.',
      recentSurgery: false,
      surgery: '',
      pregnant: true,
      pregnancyWeeks: 20,
      heartOrBloodPressure: false,
      otherConditions: '',
      emergencyName: 'María López',
      emergencyPhone: '722 123 4567',
      emergencyRelationship: 'Mamá',
      sensitiveDataConsent: true,
    }),
  },
};

/**
 * The fixture the examples name (a client with a plan and a booking next Monday at 20:00, whose
 * timetable class has an instructor), and an agent per role.
 */
export async function prepareExamples(t: TestApp): Promise<{ fixture: Fixture; agents: Record<Role, Agent> }> {
  const client = await newClient(t, 'Ejemplos');
  const schedule = await scheduleAt(t, 1, '20:00');
  const laura = await instructorNamed(t, 'Laura');
  await t.dataSource
    .getRepository(Schedule)
    .update({ id: schedule.id }, { instructorId: laura.id, instructor: laura.name });
  const userPlanId = await givePlan(t, client.user.id, { classes: 5 });
  const booked = await client.agent
    .post('/api/reservations/push-reservation')
    .send({ date: NEXT_MONDAY, classReservation: schedule.id })
    .expect(201);
  return {
    fixture: {
      clientId: client.user.id,
      clientEmail: client.user.email,
      userPlanId,
      scheduleId: schedule.id,
      reservationId: booked.body.reservationId,
      instructorId: laura.id,
    },
    agents: { guest: t.agent(), client: client.agent, admin: await adminAgent(t) },
  };
}
