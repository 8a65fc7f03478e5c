/*
 * What the audit log records: every action, and every field an entry may carry with the kind of
 * value it holds. The OpenAPI document publishes both (`x-audit`), and the client's test gives each
 * action, field and value a Spanish label from them: a new action or field without one fails there.
 * `AuditService.record` refuses a field that is not listed for its action.
 */

/** Every kind of change an admin makes, with the Spanish label the audit page shows. */
export const AUDIT_ACTIONS = {
  'user.create': 'Creó un usuario',
  'user.update': 'Cambió los datos de un usuario',
  'user.deactivate': 'Desactivó un usuario',
  'user.activate': 'Activó un usuario',
  'user.delete': 'Eliminó una cuenta (datos personales borrados)',
  'user_plan.create': 'Dio un plan a un usuario',
  'user_plan.update': 'Cambió el plan de un usuario',
  'user_plan.remind': 'Envió a un usuario el aviso de fin de plan',
  'plan.create': 'Agregó un plan al catálogo',
  'plan.update': 'Cambió un plan del catálogo',
  'plan.hide': 'Ocultó un plan del catálogo',
  'plan.show': 'Mostró un plan del catálogo',
  'schedule.create': 'Agregó una clase al horario',
  'schedule.update': 'Cambió una clase del horario',
  'schedule.deactivate': 'Quitó una clase del horario',
  'schedule.activate': 'Activó una clase del horario',
  'class.cancel': 'Canceló una clase',
  'class.substitute': 'Cambió el instructor de una clase (suplente)',
  'cover_request.create': 'Pidió un suplente para su clase',
  'cover_request.withdraw': 'Retiró su petición de suplente',
  'cover_request.approve': 'Aprobó una petición de suplente',
  'cover_request.decline': 'Rechazó una petición de suplente',
  'reservation.create': 'Reservó una clase para un usuario',
  'reservation.cancel': 'Quitó a un usuario de una clase',
  'reservation.attendance': 'Marcó la asistencia de un usuario',
  'reservation.walk_in': 'Agregó a un cliente sin reserva a una clase',
  'reservation.spot': 'Cambió de reformer a un usuario en una clase',
  'reservation.forgive': 'Perdonó a un usuario un lugar liberado tarde o una inasistencia',
  'payment.refund': 'Reembolsó un pago de Mercado Pago',
  'membership.cancel': 'Canceló una membresía',
  'membership.refund_charge': 'Reembolsó un cobro de una membresía',
  'payment.desk_sale': 'Registró una venta en mostrador',
  'payment.desk_refund': 'Registró el reembolso de una venta en mostrador',
  'payment.balance_refund': 'Devolvió al saldo de regalo un plan pagado con ese saldo',
  'promo_code.create': 'Creó un código promocional',
  'promo_code.update': 'Cambió un código promocional',
  'gift_card.resend': 'Reenvió una tarjeta de regalo',
  'gift_card.void': 'Anuló una tarjeta de regalo',
  'gift_card.desk_sale': 'Vendió una tarjeta de regalo en mostrador',
  'gift_card.refund': 'Reembolsó y anuló una tarjeta de regalo',
  'waitlist.remove': 'Quitó a un usuario de una lista de espera',
  'waitlist.promote': 'Dio a un usuario de la lista de espera un lugar en la clase',
  'spot.create': 'Agregó un reformer a la sala',
  'spot.update': 'Cambió un reformer de la sala',
  'spot.retire': 'Retiró un reformer de la sala',
  'spot.outage': 'Dejó un reformer fuera de servicio',
  'spot.outage_end': 'Volvió a poner en servicio un reformer',
  'room.instructor': 'Cambió el lugar del instructor en la sala',
  'instructor.create': 'Agregó un instructor',
  'instructor.update': 'Cambió un instructor',
  'class_type.create': 'Agregó un tipo de clase',
  'class_type.update': 'Cambió un tipo de clase',
  'settings.update': 'Cambió los ajustes del estudio',
  'arco.status': 'Cambió el estado de una solicitud ARCO',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/**
 * The kind of each field's value: how the page writes it. `values` lists every value a field of
 * fixed values takes (each needs its own label).
 */
export type AuditFieldKind =
  | { kind: 'text' | 'email' | 'date' | 'time' | 'weekday' | 'money' | 'count' | 'yesNo' | 'reference' }
  | { kind: 'values'; values: readonly (string | number | boolean | null)[] };

const text = { kind: 'text' } as const;
const date = { kind: 'date' } as const;
const time = { kind: 'time' } as const;
const count = { kind: 'count' } as const;
const yesNo = { kind: 'yesNo' } as const;
const reference = { kind: 'reference' } as const;

export const AUDIT_FIELDS = {
  id: reference,
  name: text,
  email: { kind: 'email' },
  cumpleanos: date,
  role: { kind: 'values', values: ['user', 'admin', 'instructor'] },
  active: yesNo,
  cancelledReservations: count,
  plan: text,
  classes_remaining: count,
  startDate: date,
  endDate: date,
  is_paid: yesNo,
  price: { kind: 'money' },
  classes: count,
  visible: yesNo,
  /** "Solo primera vez": a catalogue plan only first-timers may buy. */
  intro: yesNo,
  weekday: { kind: 'weekday' },
  startTime: time,
  capacity: count,
  instructor: text,
  /** A class date taught by a substitute, not the timetable's instructor. */
  substitute: yesNo,
  date,
  time,
  /** A reservation's, a class's, a waitlist place's or a payment's state. */
  status: {
    kind: 'values',
    values: [
      'active',
      'cancelled',
      'scheduled',
      'waiting',
      'removed',
      'promoted',
      'left',
      'created',
      'pending',
      'approved',
      'authorized',
      'in_process',
      'in_mediation',
      'rejected',
      'refunded',
      'charged_back',
      'expired',
    ],
  },
  userPlanId: reference,
  paidAtStudio: yesNo,
  /** Null: not marked yet. */
  attended: { kind: 'values', values: [true, false, null] },
  refunded: { kind: 'money' },
  /** 'total', or the pesos asked for. */
  requested: { kind: 'money' },
  providerPaymentId: text,
  /** A membership's last paid day. */
  paidThrough: date,
  /** The day a cancelled membership stops. */
  cancelsOn: date,
  /** What a refund gave back to the client's gift balance. */
  toBalance: { kind: 'money' },
  /** A gift card's state. */
  giftStatus: { kind: 'values', values: ['paid', 'sent', 'voided'] },
  reservationId: reference,
  /** A reformer, by its label. */
  spot: text,
  /** A place on the room's grid: row 0 is the front. */
  row: count,
  column: count,
  /** Why a reformer is out of service. */
  reason: text,
  /** Clients moved to another reformer. */
  moved: count,
  // The studio's settings ("Ajustes"), one level deep (core/settings/studio-settings.ts flattenSettings).
  cancelHours: count,
  waitlistMax: count,
  waitlistCutoffHours: count,
  waitlistGraceMinutes: count,
  lateCancelReleases: yesNo,
  autoNoShows: yesNo,
  strikeRuleEnabled: yesNo,
  strikeRuleCount: count,
  strikeRuleDays: count,
  strikeRuleBlockDays: count,
  reminderHours: count,
  /** Null: one reminder only. */
  secondReminderHours: count,
  contactAddress: text,
  contactPhone: text,
  contactEmail: { kind: 'email' },
  contactWhatsapp: text,
  contactInstagram: text,
  contactMapUrl: text,
  contactOpeningHours: text,
  /** The gift card amounts on offer, as one text ("$500, $1,000"). */
  giftCardAmounts: text,
  giftCardPlanPrices: yesNo,
  invoiceProductKey: text,
  invoiceUnitKey: text,
  invoiceSeries: text,
  invoiceZip: text,
  invoiceGraceDays: count,
  invoiceDescription: text,
  membershipGraceDays: count,
  membershipPauseMaxDaysPerYear: count,
  membershipDailyLimit: count,
  /** What an admin forgave. */
  forgiven: { kind: 'values', values: ['late_release', 'no_show'] },
  /** A forgiven class went back to its plan. */
  classReturned: yesNo,
  /** A promo code ("BUENFIN") and what it takes off ("10 %", "$200.00"). */
  code: text,
  discount: text,
  maxUses: count,
  maxUsesPerClient: count,
  /** The catalogue plans a code applies to, by name ("Todos" for every plan). */
  plans: text,
  newClientsOnly: yesNo,
  /** How a desk sale was paid ("Venta en mostrador"). */
  method: { kind: 'values', values: ['efectivo', 'transferencia', 'terminal'] },
  /** A desk sale's total, what the desk received and the change given back. */
  total: { kind: 'money' },
  received: { kind: 'money' },
  change: { kind: 'money' },
  /** An instructor's profile ("Instructores"): its short bio, specialties (comma-separated), place on the lists. */
  bio: text,
  specialties: text,
  sortOrder: count,
  /** The account linked to an instructor's profile, by its email; null: none. */
  account: { kind: 'email' },
  /** An instructor's note on a cover request. */
  note: text,
  /** A cover request's state. */
  coverStatus: { kind: 'values', values: ['open', 'approved', 'declined', 'withdrawn'] },
  /** An instructor's pay rate: pesos a class, pesos an attendee above the threshold, and the threshold. */
  payPerClass: { kind: 'money' },
  payPerAttendee: { kind: 'money' },
  payAttendeeThreshold: count,
  /** An instructor's photo, by its file key (`<id>-<hash>`); null: none. */
  photo: text,
  /** A class type ("Tipos de clase"): its level as the site names it, description, duration and colour. */
  level: text,
  description: text,
  durationMinutes: count,
  colour: text,
  /** A timetable entry's class type, by name. */
  classType: text,
  /** The class types a catalogue plan is limited to, by name, comma-separated; empty: every type. */
  classTypes: text,
  /** A catalogue plan's kind: a pack of classes or a monthly membership; a membership's classes a week (null: unlimited). */
  planKind: { kind: 'values', values: ['pack', 'membership'] },
  weeklyLimit: count,
  /** An ARCO request's folio («ARCO-2026-0007»), its state and the studio's answer. */
  folio: text,
  arcoStatus: { kind: 'values', values: ['recibida', 'en_proceso', 'respondida', 'rechazada'] },
  responseNote: text,
} as const satisfies Record<string, AuditFieldKind>;

export type AuditField = keyof typeof AUDIT_FIELDS;

/** What creating and changing a promo code record (the same fields; a change only those it changed). */
const PROMO_CODE_FIELDS = [
  'code',
  'discount',
  'startDate',
  'endDate',
  'maxUses',
  'maxUsesPerClient',
  'plans',
  'newClientsOnly',
  'active',
] as const satisfies readonly AuditField[];

/** What creating and changing an instructor's profile record. */
const INSTRUCTOR_FIELDS = [
  'name',
  'bio',
  'specialties',
  'active',
  'sortOrder',
  'account',
  'payPerClass',
  'payPerAttendee',
  'payAttendeeThreshold',
  'photo',
] as const satisfies readonly AuditField[];

/** What a cover request records: its class, the instructor (who asked; on approval, the substitute), the note, its state. */
const COVER_REQUEST_FIELDS = [
  'date',
  'time',
  'instructor',
  'note',
  'coverStatus',
] as const satisfies readonly AuditField[];

/** What creating and changing a class type record. */
const CLASS_TYPE_FIELDS = [
  'name',
  'level',
  'description',
  'durationMinutes',
  'colour',
  'active',
  'sortOrder',
] as const satisfies readonly AuditField[];

/** The fields each action records, in `before` or `after`. */
export const AUDIT_ACTION_FIELDS = {
  'user.create': ['name', 'email', 'cumpleanos', 'role', 'active'],
  'user.update': ['name', 'email', 'cumpleanos', 'role', 'active'],
  'user.deactivate': ['active', 'cancelledReservations'],
  'user.delete': ['active', 'cancelledReservations'],
  'user.activate': ['active'],
  'user_plan.create': ['plan', 'classes_remaining', 'startDate', 'endDate', 'is_paid'],
  'user_plan.update': ['plan', 'classes_remaining', 'startDate', 'endDate', 'is_paid'],
  'user_plan.remind': ['classes_remaining', 'endDate'],
  'plan.create': ['id', 'name', 'price', 'classes', 'visible', 'intro', 'classTypes', 'planKind', 'weeklyLimit'],
  'plan.update': ['id', 'name', 'price', 'classes', 'visible', 'intro', 'classTypes', 'planKind', 'weeklyLimit'],
  'plan.hide': ['visible', 'name'],
  'plan.show': ['visible', 'name'],
  'schedule.create': ['weekday', 'startTime', 'capacity', 'instructor', 'classType', 'durationMinutes'],
  'schedule.update': ['weekday', 'startTime', 'capacity', 'instructor', 'classType', 'durationMinutes'],
  'schedule.deactivate': ['active', 'weekday', 'startTime'],
  'schedule.activate': ['active', 'weekday', 'startTime'],
  'class.cancel': ['status', 'date', 'time', 'cancelledReservations'],
  'class.substitute': ['instructor', 'substitute', 'date', 'time'],
  'cover_request.create': COVER_REQUEST_FIELDS,
  'cover_request.withdraw': COVER_REQUEST_FIELDS,
  'cover_request.approve': COVER_REQUEST_FIELDS,
  'cover_request.decline': COVER_REQUEST_FIELDS,
  'reservation.create': ['date', 'time', 'userPlanId', 'spot'],
  'reservation.cancel': ['status', 'date', 'time'],
  'reservation.attendance': ['attended', 'date', 'time'],
  'reservation.walk_in': ['date', 'time', 'userPlanId', 'paidAtStudio', 'spot'],
  'reservation.spot': ['spot', 'date', 'time'],
  'reservation.forgive': ['forgiven', 'reason', 'classReturned', 'userPlanId', 'date', 'time'],
  'payment.refund': ['status', 'refunded', 'requested', 'providerPaymentId'],
  'membership.cancel': ['plan', 'paidThrough', 'cancelsOn'],
  'membership.refund_charge': ['plan', 'refunded', 'providerPaymentId', 'paidThrough'],
  'payment.desk_sale': ['plan', 'price', 'code', 'discount', 'total', 'method', 'received', 'change', 'userPlanId'],
  'payment.desk_refund': ['status', 'refunded', 'requested', 'method'],
  'payment.balance_refund': ['status', 'refunded', 'requested', 'toBalance'],
  'promo_code.create': PROMO_CODE_FIELDS,
  'promo_code.update': PROMO_CODE_FIELDS,
  'gift_card.resend': ['giftStatus', 'email'],
  'gift_card.void': ['giftStatus', 'refunded'],
  'gift_card.desk_sale': ['price', 'total', 'method', 'received', 'change', 'email', 'giftStatus'],
  'gift_card.refund': ['giftStatus', 'refunded', 'method', 'providerPaymentId'],
  'waitlist.remove': ['status'],
  'waitlist.promote': ['status', 'reservationId'],
  'spot.create': ['spot', 'row', 'column'],
  'spot.update': ['spot', 'row', 'column'],
  'spot.retire': ['spot', 'active'],
  'spot.outage': ['spot', 'startDate', 'endDate', 'reason', 'moved', 'cancelledReservations'],
  'spot.outage_end': ['spot', 'startDate', 'endDate', 'active'],
  'room.instructor': ['row', 'column'],
  'instructor.create': INSTRUCTOR_FIELDS,
  'instructor.update': INSTRUCTOR_FIELDS,
  'class_type.create': CLASS_TYPE_FIELDS,
  'class_type.update': CLASS_TYPE_FIELDS,
  'settings.update': [
    'cancelHours',
    'waitlistMax',
    'waitlistCutoffHours',
    'waitlistGraceMinutes',
    'lateCancelReleases',
    'autoNoShows',
    'strikeRuleEnabled',
    'strikeRuleCount',
    'strikeRuleDays',
    'strikeRuleBlockDays',
    'reminderHours',
    'secondReminderHours',
    'contactAddress',
    'contactPhone',
    'contactEmail',
    'contactWhatsapp',
    'contactInstagram',
    'contactMapUrl',
    'contactOpeningHours',
    'giftCardAmounts',
    'giftCardPlanPrices',
    'invoiceProductKey',
    'invoiceUnitKey',
    'invoiceSeries',
    'invoiceZip',
    'invoiceGraceDays',
    'invoiceDescription',
    'membershipGraceDays',
    'membershipPauseMaxDaysPerYear',
    'membershipDailyLimit',
  ],
  'arco.status': ['folio', 'arcoStatus', 'responseNote'],
} as const satisfies Record<AuditAction, readonly AuditField[]>;

/** The fields an entry of this action lists that its action does not declare (none, when it is right). */
export function undeclaredAuditFields(action: AuditAction, ...sides: (object | null | undefined)[]): string[] {
  const declared: readonly string[] = AUDIT_ACTION_FIELDS[action];
  return sides.flatMap((side) => Object.keys(side ?? {}).filter((field) => !declared.includes(field)));
}
