import { CronExpression } from '@nestjs/schedule';
import { AuthService } from './auth';
import { SqliteStatistics } from './core/database/sqlite-statistics';
import type { JobDefinition } from './core/jobs/job';
import { GiftCardsService } from './gift-cards';
import { InvoicingService } from './invoicing';
import { NotificationsService, WhatsAppWebhookService } from './notifications';
import { OperationsAlertsService } from './operations';
import { MembershipAccountService, PaymentNotificationsService, PaymentsService } from './payments';
import { IntroFollowupsService, PlanEndingRemindersService } from './planes';
import { DataExportService } from './privacy';
import { NoShowsService, RemindersService, SpotHoldsService, WaitlistService } from './reservations';

/** Every scheduled job of the app, by name. */
export enum JobName {
  WaitlistCutoff = 'waitlist-cutoff',
  ClassReminders = 'class-reminders',
  PlanEndingReminders = 'plan-ending-reminders',
  PaymentNotifications = 'payment-notifications',
  ReconcilePayments = 'reconcile-payments',
  RecheckApprovedPayments = 'recheck-approved-payments',
  NotificationsDelivery = 'notifications-delivery',
  AuthRateLimitsSweep = 'auth-rate-limits-sweep',
  SqliteOptimize = 'sqlite-optimize',
  SpotHolds = 'spot-holds',
  NoShows = 'no-shows',
  IntroFollowups = 'intro-followups',
  GiftCardDelivery = 'gift-card-delivery',
  Invoices = 'invoices',
  GlobalInvoice = 'global-invoice',
  OperationsAlerts = 'operations-alerts',
  MembershipPauses = 'membership-pauses',
  DataExportsSweep = 'data-exports-sweep',
}

/**
 * The app's jobs in one table: name, schedule (cron, the server's zone) and the plain service
 * method each runs. Every one claims its items with a conditional UPDATE, so several replicas may
 * run it at the same tick. JobsModule (core/jobs) gives each a timer when JOBS_ENABLED; tests call
 * the methods, or `JobRunner.run(name)`, themselves.
 */
export const JOBS: readonly JobDefinition[] = [
  {
    // The lists of classes within WAITLIST_CUTOFF_HOURS close.
    name: JobName.WaitlistCutoff,
    schedule: CronExpression.EVERY_MINUTE,
    run: (get) => get(WaitlistService).closeAtCutoff(),
  },
  {
    // From 9:00 the day before each class, its reminder.
    name: JobName.ClassReminders,
    schedule: CronExpression.EVERY_10_MINUTES,
    run: (get) => get(RemindersService).sendDueReminders(),
  },
  {
    // "Your plan ends soon", once per plan.
    name: JobName.PlanEndingReminders,
    schedule: CronExpression.EVERY_HOUR,
    run: (get) => get(PlanEndingRemindersService).sendDue(),
  },
  {
    // Mercado Pago's stored notifications that failed, retried with their backoff.
    name: JobName.PaymentNotifications,
    schedule: CronExpression.EVERY_MINUTE,
    run: (get) => get(PaymentNotificationsService).sweep(),
  },
  {
    // Purchases left open are asked about, or expired.
    name: JobName.ReconcilePayments,
    schedule: CronExpression.EVERY_5_MINUTES,
    run: (get) => get(PaymentsService).reconcile(),
  },
  {
    // Approved payments of the last 180 days read again (missed refunds and chargebacks).
    name: JobName.RecheckApprovedPayments,
    schedule: CronExpression.EVERY_DAY_AT_4AM,
    run: (get) => get(PaymentsService).recheckApproved(),
  },
  {
    // The outbox's deliveries that are due: ones nobody made (the process stopped after the commit)
    // and failed ones past their backoff (WhatsApp's held through the quiet hours among them). First
    // the WhatsApp webhook's posts stored but not processed (the process stopped), whose failures
    // add e-mails to send.
    name: JobName.NotificationsDelivery,
    schedule: CronExpression.EVERY_MINUTE,
    run: async (get) => {
      await get(WhatsAppWebhookService).processPending();
      return get(NotificationsService).deliverDue();
    },
  },
  {
    // Per-address login counters whose window ended over an hour ago.
    name: JobName.AuthRateLimitsSweep,
    schedule: CronExpression.EVERY_HOUR,
    run: (get) => get(AuthService).deleteEnded(),
  },
  {
    // SQLite's planner statistics refreshed (PRAGMA optimize); nothing on MySQL/MariaDB.
    name: JobName.SqliteOptimize,
    schedule: CronExpression.EVERY_HOUR,
    run: (get) => get(SqliteStatistics).refresh(),
  },
  {
    // Reformers held during a checkout that ended without a booking: their places go to the waitlist.
    name: JobName.SpotHolds,
    schedule: CronExpression.EVERY_MINUTE,
    run: (get) => get(SpotHoldsService).settleEnded(),
  },
  {
    // Unmarked clients of ended classes become no-shows (attendance taken, or the studio day over).
    name: JobName.NoShows,
    schedule: CronExpression.EVERY_10_MINUTES,
    run: (get) => get(NoShowsService).markDue(),
  },
  {
    // The day after an intro class was attended, the regular plans (9:00–22:00 studio time), once.
    name: JobName.IntroFollowups,
    schedule: CronExpression.EVERY_30_MINUTES,
    run: (get) => get(IntroFollowupsService).sendDue(),
  },
  {
    // Paid gift cards whose delivery date (studio calendar) has come: mailed to the recipient, once.
    name: JobName.GiftCardDelivery,
    schedule: CronExpression.EVERY_10_MINUTES,
    run: (get) => get(GiftCardsService).deliverDue(),
  },
  {
    // Facturas: automatic ones queued for the approvals of who chose them, then what is due stamped
    // (retries with backoff); each invoice claimed by a conditional UPDATE.
    name: JobName.Invoices,
    schedule: CronExpression.EVERY_MINUTE,
    run: (get) => get(InvoicingService).issueDue(),
  },
  {
    // Last month's global invoice (público en general), once its invoicing window has closed: the
    // first run after midnight of the 1st (plus the grace days) queues it, well within 24 hours.
    // And the refunds of sales invoiced in an earlier month, flagged for the accountant.
    name: JobName.GlobalInvoice,
    schedule: CronExpression.EVERY_HOUR,
    run: async (get) =>
      (await get(InvoicingService).queueGlobal()) +
      (await get(InvoicingService).issueDue()) +
      (await get(InvoicingService).flagLateRefunds()),
  },
  {
    // The owner's alerts (off-site backup too old, drill failed, mails or payment notifications failing
    // for an hour, certificate expiring, disk almost full): once per problem and day, once when solved.
    name: JobName.OperationsAlerts,
    schedule: CronExpression.EVERY_10_MINUTES,
    run: (get) => get(OperationsAlertsService).check(),
  },
  {
    // Memberships' pauses: paused at Mercado Pago on their first day, resumed after their last.
    name: JobName.MembershipPauses,
    schedule: CronExpression.EVERY_30_MINUTES,
    run: (get) => get(MembershipAccountService).applyPauses(),
  },
  {
    // «Mis datos» links past their 24 hours: their rows go (the files are made on each download).
    name: JobName.DataExportsSweep,
    schedule: CronExpression.EVERY_HOUR,
    run: (get) => get(DataExportService).sweep(),
  },
];
