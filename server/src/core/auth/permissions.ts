/**
 * Who may do what: the one table the server enforces and the client reads (generated into
 * client/src/api/generated/permissions.ts through the OpenAPI document's `x-permissions`).
 *
 * A permission names something beyond one's own data. One's own reservations, plans, waitlist
 * places, payments and profile need only a session; acting on someone else's needs the permission
 * (`access.require(caller, permission, { ownerId })`, core/auth/access.ts).
 *
 * Adding a role: its name in ROLES and one entry in ROLE_PERMISSIONS (and the `ck_users_role`
 * CHECK of the users table, which a migration widens).
 */
export const ROLES = ['user', 'admin', 'instructor'] as const;
export type Role = (typeof ROLES)[number];

export enum Permission {
  /** The users list, and any user's classes and plans. */
  UsersRead = 'users.read',
  /** New accounts, anyone's profile and role, deactivation and reactivation. */
  UsersManage = 'users.manage',
  /** Give a user a plan by hand and change the plans users hold. */
  PlansGrant = 'plans.grant',
  /** The plan catalogue: add, change, hide and show plans. */
  CatalogueManage = 'catalogue.manage',
  /** The weekly timetable ("Horario"). */
  TimetableManage = 'timetable.manage',
  /** The room ("Sala"): its reformers and where the instructor stands. */
  RoomManage = 'room.manage',
  /** Cancel one class on one date for everyone booked in it. */
  ClassesCancel = 'classes.cancel',
  /** A date's rosters: who is booked and waiting in each class (the day view shows them too). */
  RosterRead = 'roster.read',
  /** Mark who came to a class. */
  AttendanceMark = 'attendance.mark',
  /** Give a place at the door, with a new account if needed. */
  WalkInsAdd = 'walk-ins.add',
  /** Book and cancel for other users, and cancel after the cancellation window closes. */
  ReservationsManageOthers = 'reservations.manage-others',
  /** Forgive a client's late release or no-show ("Perdonar"): the class goes back to the plan. */
  ReservationsForgive = 'reservations.forgive',
  /** Take anyone off a waitlist, and book a waiting client in. */
  WaitlistManageOthers = 'waitlist.manage-others',
  /** Anyone's purchases, and checking anyone's payment with Mercado Pago. */
  PaymentsRead = 'payments.read',
  /** Refund a payment. */
  PaymentsRefund = 'payments.refund',
  /** Sell a plan at the desk ("Venta en mostrador"), paid in cash, by transfer or on the card terminal. */
  SalesDesk = 'sales.desk',
  /** Promo codes ("Promociones"): create, change and deactivate them, and see their uses. */
  PromosManage = 'promos.manage',
  /** Gift cards ("Tarjetas de regalo"): see them, resend their mail, void a refunded one. */
  GiftCardsManage = 'gift-cards.manage',
  /** The owner's dashboard ("Panel"). */
  DashboardRead = 'dashboard.read',
  /** The dashboard's CSV downloads. */
  ExportsRead = 'exports.read',
  /** Send a client the reminder that their plan is ending. */
  RemindersSend = 'reminders.send',
  /** The audit log ("Auditoría"). */
  AuditRead = 'audit.read',
  /** The studio's rules and contact ("Ajustes"). */
  SettingsManage = 'settings.manage',
  /** The instructors' profiles ("Instructores"): add, change, link to an account. */
  InstructorsManage = 'instructors.manage',
  /**
   * Teach ("Mis clases a impartir"): the rosters of the classes one teaches, their attendance and
   * walk-ins (checked against the class: `access.require(caller, permission, { teacherId })`), and
   * asking the studio for a substitute.
   */
  ClassesTeach = 'classes.teach',
  /** The instructors' monthly pay ("Pago a instructores") and its CSV. */
  InstructorPayRead = 'instructor-pay.read',
  /** ARCO requests («Solicitudes ARCO»): see them with the requester's data, and answer them. */
  ArcoManage = 'arco.manage',
  /**
   * Any client's health questionnaire and who read it (sensitive data; each reading is logged). An
   * instructor reads only those of clients booked in a class they teach (`{ teacherId }`).
   */
  HealthRead = 'health.read',
}

export const ALL_PERMISSIONS: readonly Permission[] = Object.values(Permission);

/** The one place a role gets its rights. A client needs none: their own data needs only a session. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  user: [],
  admin: ALL_PERMISSIONS,
  // Books like a client; the door of the classes they teach (rosters, attendance, walk-ins) through
  // ClassesTeach, each call checked against the class in the service.
  instructor: [Permission.ClassesTeach],
};

/**
 * The role that holds every permission. The studio always keeps one active account with it and
 * nobody takes it from themself: without one, nobody could give rights back.
 */
export const ADMIN_ROLE = 'admin' satisfies Role;

export const isAdminRole = (role: Role): boolean => role === ADMIN_ROLE;

/** The role of an account that teaches: it has an instructor profile linked to it (instructors.user_id). */
export const INSTRUCTOR_ROLE = 'instructor' satisfies Role;

export const isInstructorRole = (role: Role): boolean => role === INSTRUCTOR_ROLE;

/** Staff: a role with any right of its own (the studio's people), as against a client's. */
export const isStaffRole = (role: Role): boolean => ROLE_PERMISSIONS[role].length > 0;
