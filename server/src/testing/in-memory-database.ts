import type { AuditEntryInput } from '../core/audit/audit.service';
import type { NotificationEvent } from '../notifications/events';
import { Plan } from '../planes/entities/plan.entity';
import { UserPlan } from '../planes/entities/user-plan.entity';
import { Payment } from '../payments/entities/payment.entity';
import type { ClassStatus } from '../reservations/entities/class-session.entity';
import type { WaitlistStatus } from '../reservations/entities/waitlist-entry.entity';

/** A user as the rules read one. */
export interface UserRow {
  id: number;
  name: string;
  email: string;
  active: boolean;
}

/** A weekly timetable entry. */
export interface ScheduleRow {
  id: number;
  /** ISO weekday: 1 = Monday. */
  weekday: number;
  startTime: string;
  durationMinutes: number;
  capacity: number;
  instructorId: number | null;
  instructor: string | null;
  active: boolean;
  classTypeId: number;
}

/** A class type (class_types), as the rules read one. */
export interface ClassTypeRow {
  id: number;
  name: string;
  level: string;
  colour: string;
}

/** A class type list of a catalogue plan (plan_class_types) or of a sold plan (user_plan_class_types). */
export interface ClassTypeLinkRow {
  ownerId: number;
  classTypeId: number;
}

/** Type 1, as the migration inserts it for every existing timetable entry. */
export const REFORMER_TYPE: ClassTypeRow = { id: 1, name: 'Pilates Reformer', level: 'basico', colour: '#1d4ed8' };

/** A class on one date (class_sessions). */
export interface ClassRow {
  id: number;
  scheduleId: number;
  date: string;
  startTime: string;
  capacity: number;
  reservedCount: number;
  waitingCount: number;
  status: ClassStatus;
  instructorId: number | null;
  instructor: string | null;
}

export interface ReservationRow {
  id: number;
  classSessionId: number;
  userId: number;
  userPlanId: number | null;
  paidAtStudio: boolean;
  status: 'active' | 'cancelled';
  cancelledAt: Date | null;
  cancelledBy: number | null;
  cancelGraceUntil: Date | null;
  cancelHours: number | null;
  lateReleasedAt: Date | null;
  forgivenAt: Date | null;
  attended: boolean | null;
  /** Its calendar event's revision (SEQUENCE). */
  calendarSequence: number;
}

export interface WaitlistRow {
  id: number;
  classSessionId: number;
  userId: number;
  status: WaitlistStatus;
  reason: string | null;
  reservationId: number | null;
  createdAt: Date;
  endedAt: Date | null;
}

export interface RefundRequestRow {
  idempotencyKey: string;
  paymentId: number;
  amountCents: number | null;
}

/** An audit entry as AuditService.record was asked to write it. */
export interface AuditRecord extends AuditEntryInput {
  actorId: number;
}

/** What a unique index refusing a write looks like to `isUniqueViolation`. */
export class UniqueViolation extends Error {
  readonly code = 'SQLITE_CONSTRAINT_UNIQUE';

  constructor(index: string) {
    super(`UNIQUE constraint failed: ${index}`);
  }
}

/** A copy of a row that keeps its class (a Plan stays a Plan), so a caller's edits never reach the table. */
export function copyRow<T extends object>(row: T): T {
  return Object.assign(Object.create(Object.getPrototypeOf(row) as object) as T, structuredClone({ ...row }));
}

const TABLES = [
  'users',
  'schedules',
  'classes',
  'reservations',
  'waitlist',
  'plans',
  'userPlans',
  'planClassTypes',
  'userPlanClassTypes',
  'payments',
  'refundRequests',
  'events',
  'audit',
] as const;
type TableName = (typeof TABLES)[number];
type Snapshot = { [K in TableName]: InMemoryDatabase[K] };

/**
 * The tables the in-memory repositories share, as plain arrays, so that a class row the booking
 * rules change is the row the waitlist rules read. The notifications and audit entries the fakes
 * record live here too: a transaction that rolls back (InMemoryTransactions) takes them with it,
 * as the outbox and the audit log do in the database.
 */
export class InMemoryDatabase {
  users: UserRow[] = [];
  schedules: ScheduleRow[] = [];
  classes: ClassRow[] = [];
  reservations: ReservationRow[] = [];
  waitlist: WaitlistRow[] = [];
  plans: Plan[] = [];
  userPlans: UserPlan[] = [];
  classTypes: ClassTypeRow[] = [{ ...REFORMER_TYPE }];
  planClassTypes: ClassTypeLinkRow[] = [];
  userPlanClassTypes: ClassTypeLinkRow[] = [];
  payments: Payment[] = [];
  refundRequests: RefundRequestRow[] = [];
  events: NotificationEvent[] = [];
  audit: AuditRecord[] = [];
  private ids = new Map<string, number>();

  /** The next id of a table, as AUTO_INCREMENT gives it (never reused, even after a rollback). */
  nextId(table: string): number {
    const id = (this.ids.get(table) ?? 0) + 1;
    this.ids.set(table, id);
    return id;
  }

  snapshot(): Snapshot {
    return Object.fromEntries(
      TABLES.map((name) => [name, (this[name] as object[]).map((row) => copyRow(row))]),
    ) as unknown as Snapshot;
  }

  /** Back to a snapshot; ids already handed out stay used, as in the database. */
  restore(snapshot: Snapshot): void {
    for (const name of TABLES) (this as Record<TableName, unknown>)[name] = snapshot[name];
  }

  // Seeding helpers: rows as a test arranges them, with defaults for what it does not care about.

  addUser(values: Partial<UserRow> = {}): UserRow {
    const id = values.id ?? this.nextId('users');
    const row: UserRow = { id, name: `Cliente ${id}`, email: `cliente${id}@example.com`, active: true, ...values };
    this.users.push(row);
    return row;
  }

  addSchedule(values: Partial<ScheduleRow> & Pick<ScheduleRow, 'weekday' | 'startTime'>): ScheduleRow {
    const row: ScheduleRow = {
      id: values.id ?? this.nextId('schedules'),
      durationMinutes: 50,
      capacity: 8,
      instructorId: 1,
      instructor: 'Ana',
      active: true,
      classTypeId: REFORMER_TYPE.id,
      ...values,
    };
    this.schedules.push(row);
    return row;
  }

  /** The class row of a timetable entry on a date (as a first booking creates it). */
  addClass(schedule: ScheduleRow, date: string, values: Partial<ClassRow> = {}): ClassRow {
    const row: ClassRow = {
      id: values.id ?? this.nextId('classes'),
      scheduleId: schedule.id,
      date,
      startTime: schedule.startTime,
      capacity: schedule.capacity,
      reservedCount: 0,
      waitingCount: 0,
      status: 'scheduled',
      instructorId: schedule.instructorId,
      instructor: schedule.instructor,
      ...values,
    };
    this.classes.push(row);
    return row;
  }

  addClassType(values: Partial<ClassTypeRow> & Pick<ClassTypeRow, 'name'>): ClassTypeRow {
    const row: ClassTypeRow = {
      id: values.id ?? Math.max(...this.classTypes.map((t) => t.id)) + 1,
      level: 'basico',
      colour: '#047857',
      ...values,
    };
    this.classTypes.push(row);
    return row;
  }

  /** The class type of a timetable entry (type 1 when the entry names an unknown one). */
  classTypeOf(schedule: ScheduleRow | undefined): ClassTypeRow {
    return this.classTypes.find((t) => t.id === schedule?.classTypeId) ?? REFORMER_TYPE;
  }

  /** Limits a sold plan to class types, as its catalogue plan's list is copied at the sale. */
  limitUserPlan(userPlanId: number, classTypeIds: number[]): void {
    for (const classTypeId of classTypeIds) this.userPlanClassTypes.push({ ownerId: userPlanId, classTypeId });
  }

  addUserPlan(values: Partial<UserPlan> & Pick<UserPlan, 'userId' | 'startDate' | 'endDate'>): UserPlan {
    const classes = values.classesRemaining ?? values.classesTotal ?? 8;
    const plan = Object.assign(new UserPlan(), {
      id: this.nextId('userPlans'),
      planId: null,
      planName: 'Ocho Clases',
      classesTotal: classes,
      classesRemaining: classes,
      isPaid: true,
      source: 'admin',
      revokedAt: null,
      endingReminderSentAt: null,
      createdAt: new Date(0),
      updatedAt: new Date(0),
      ...values,
    });
    this.userPlans.push(plan);
    return plan;
  }

  addPlan(values: Partial<Plan> & Pick<Plan, 'name' | 'priceCents' | 'classCount'>): Plan {
    const plan = Object.assign(new Plan(), {
      id: this.nextId('plans'),
      visible: true,
      intro: false,
      kind: 'pack',
      weeklyLimit: null,
      sortOrder: this.plans.length + 1,
      createdAt: new Date(0),
      updatedAt: new Date(0),
      ...values,
    });
    this.plans.push(plan);
    return plan;
  }

  addPayment(values: Partial<Payment> & Pick<Payment, 'userId' | 'planId' | 'totalCents'>): Payment {
    const payment = Object.assign(new Payment(), newPaymentDefaults(this.nextId('payments')), values);
    this.payments.push(payment);
    return payment;
  }

  // Reads for assertions.

  classOf(id: number): ClassRow {
    const row = this.classes.find((c) => c.id === id);
    if (!row) throw new Error(`no class ${id}`);
    return row;
  }

  userPlan(id: number): UserPlan {
    const plan = this.userPlans.find((p) => p.id === id);
    if (!plan) throw new Error(`no user plan ${id}`);
    return plan;
  }

  payment(id: number): Payment {
    const payment = this.payments.find((p) => p.id === id);
    if (!payment) throw new Error(`no payment ${id}`);
    return payment;
  }

  activeReservationsIn(classId: number): ReservationRow[] {
    return this.reservations.filter((r) => r.classSessionId === classId && r.status === 'active');
  }

  eventsOfType<T extends NotificationEvent['type']>(type: T): Extract<NotificationEvent, { type: T }>[] {
    return this.events.filter((e): e is Extract<NotificationEvent, { type: T }> => e.type === type);
  }
}

/** A payment row's column defaults. */
export function newPaymentDefaults(id: number): Partial<Payment> {
  return {
    id,
    planName: 'Ocho Clases',
    classCount: 8,
    priceCents: 0,
    commissionCents: 0,
    method: 'mercado_pago',
    receivedCents: null,
    currency: 'MXN',
    status: 'created',
    statusDetail: null,
    reference: null,
    issue: null,
    paidCents: null,
    refundedCents: 0,
    duplicateOf: null,
    providerPaymentId: null,
    preferenceId: null,
    userPlanId: null,
    expiresAt: null,
    approvedAt: null,
    lastCheckedAt: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  };
}
