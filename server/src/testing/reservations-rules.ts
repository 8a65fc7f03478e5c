import { fakeIntroOffer } from './fake-intro-offer';
import { planesServiceOver } from './planes-service';
import type { AuditService } from '../core/audit/audit.service';
import type { TransactionService } from '../core/database/transaction.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { AttendanceService } from '../reservations/attendance.service';
import { BookingService } from '../reservations/booking.service';
import type { InstructorsService } from '../instructors';
import type { HealthProfileService } from '../health-profile';
import type { LegalService } from '../legal';
import { ClassSessionsService } from '../reservations/class-sessions.service';
import { NoShowsService } from '../reservations/no-shows.service';
import type { MembershipBooking } from '../reservations/membership-booking';
import { PlanChooser } from '../reservations/plan-chooser';
import type { ReservationsRepository } from '../reservations/reservations.repository';
import type { SpotHoldsRepository } from '../reservations/spot-holds.repository';
import { WaitlistService } from '../reservations/waitlist.service';
import type { WaitlistRepository } from '../reservations/waitlist.repository';
import type { SalaService } from '../sala/sala.service';
import type { SpotAssigner } from '../sala/spot-assigner';
import type { StudioSettingsService } from '../core/settings/studio-settings.service';
import {
  FixedSettings,
  InMemoryTransactions,
  RecordingAudit,
  RecordingNotifications,
  studioClockAt,
  testConfig,
} from './fakes';
import { InMemoryDatabase } from './in-memory-database';
import { InMemoryPlansRepository } from './in-memory-plans.repository';
import { InMemoryReservationsRepository } from './in-memory-reservations.repository';
import { InMemoryWaitlistRepository } from './in-memory-waitlist.repository';

/**
 * The real booking and waitlist services wired as the reservations module wires them, over the
 * in-memory repositories and recording fakes, at a studio "now" the test sets (`clock.set`).
 * Only the repositories, the outbox and the audit log are fakes: the plan chooser, the class
 * sessions, the studio clock and the configuration's defaults are the real ones.
 */
export function reservationsRules(now: Date | string, env: Record<string, string> = {}) {
  const db = new InMemoryDatabase();
  const config = testConfig(env);
  const { clock, studio } = studioClockAt(now, config);
  const transactions = new InMemoryTransactions(db);
  const fixedSettings = new FixedSettings(config);
  const settings = fixedSettings as unknown as StudioSettingsService;
  const reservationsRepository = new InMemoryReservationsRepository(db);
  const waitlistRepository = new InMemoryWaitlistRepository(db);
  const plansRepository = new InMemoryPlansRepository(db);

  // The casts stop at the constructors: each fake implements a Pick<> of the real repository.
  const tx = transactions as unknown as TransactionService;
  const reservations = reservationsRepository as unknown as ReservationsRepository;
  const waitlists = waitlistRepository as unknown as WaitlistRepository;
  // The real PlanesService over the fake: other modules reach the plans' statements through it.
  const plans = planesServiceOver(plansRepository, config, fakeIntroOffer(), fixedSettings);
  const notifications = new RecordingNotifications(db) as unknown as NotificationsService;
  const audit = new RecordingAudit(db) as unknown as AuditService;
  // The room is not these rules' concern: more reformers than any class, each booking on a new one.
  const sala = {
    liveCount: () => Promise.resolve(1000),
    inServiceCount: () => Promise.resolve(1000),
    onPlacesAdded: () => undefined,
  } as unknown as SalaService;
  let nextSpot = 0;
  const spots = {
    place: async <T>(_request: unknown, write: (spotId: number) => Promise<T>) => {
      const id = ++nextSpot;
      return { result: await write(id), spot: { id, label: `Reformer ${id}` } };
    },
  } as unknown as SpotAssigner;

  const sessions = new ClassSessionsService(reservations, tx, sala);
  // No memberships in these rules: every client books with packs.
  const memberships = {
    check: () => Promise.resolve(null),
    take: () => Promise.resolve(null),
  } as unknown as MembershipBooking;
  const chooser = new PlanChooser(plans, memberships);
  // The strike rule is off in these rules' settings: it reads nothing.
  const noShows = new NoShowsService(reservations, tx, studio, settings);
  const waitlist = new WaitlistService(
    waitlists,
    reservations,
    chooser,
    sessions,
    tx,
    studio,
    settings,
    noShows,
    notifications,
    audit,
    spots,
    sala,
  );
  const attendance = new AttendanceService(
    reservations,
    sessions,
    tx,
    studio,
    audit,
    chooser,
    waitlist,
    waitlists,
    spots,
    settings,
    // The door's rules here are the admin's (who holds every permission): no class's teacher is asked.
    { accountOf: () => Promise.resolve(null) } as unknown as InstructorsService,
  );
  const booking = new BookingService(
    reservations,
    plans,
    tx,
    sessions,
    notifications,
    studio,
    audit,
    chooser,
    waitlist,
    waitlists,
    attendance,
    spots,
    // Checkouts hold no reformers in these rules' tests.
    { liveOn: () => Promise.resolve([]) } as unknown as SpotHoldsRepository,
    settings,
    noShows,
    // No legal text is published in these rules' tests: nothing to accept.
    { assertAccepted: () => Promise.resolve() } as unknown as LegalService,
    // Every client of these rules' tests has filled the health questionnaire.
    {
      assertFilled: () => Promise.resolve(),
      needingAttention: () => Promise.resolve(new Set<number>()),
    } as unknown as HealthProfileService,
  );
  return { db, config, clock, studio, transactions, waitlistRepository, booking, waitlist, settings: fixedSettings };
}
