import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../core/clock/clock';
import type { NotificationTopic, PaymentNotification } from './entities/payment-notification.entity';
import { PaymentNotificationsRepository } from './payment-notifications.repository';
import { MembershipsService } from './memberships.service';
import { PaymentsService } from './payments.service';

/** After this many failed attempts a notification is given up (about three days of retries). */
export const NOTIFICATION_MAX_ATTEMPTS = 72;
/** How long one processor holds a notification. */
const CLAIM_MS = 2 * 60_000;
const MINUTE = 60_000;

/** 1, 2, 4, 8, 16, 32 minutes, then every hour. */
export const notificationRetryDelayMs = (attempts: number): number => Math.min(2 ** (attempts - 1), 60) * MINUTE;

/**
 * Mercado Pago's notifications: stored first (so the webhook answers at once and none is lost),
 * processed right away in the background, and retried by a sweep every minute when Mercado Pago
 * or the database failed. Each row is claimed by a conditional UPDATE, so on several replicas a
 * notification is processed by one at a time; the notifications outbox works the same way.
 */
@Injectable()
export class PaymentNotificationsService implements OnApplicationShutdown {
  private readonly logger = new Logger('PaymentNotifications');
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly notifications: PaymentNotificationsRepository,
    private readonly payments: PaymentsService,
    private readonly memberships: MembershipsService,
    private readonly clock: Clock,
  ) {}

  /**
   * Stores a notification of one resource (idempotent: one row per resource, reopened when it is
   * notified again) and starts processing it in the background.
   */
  async receive(topic: NotificationTopic, resourceId: string): Promise<void> {
    const id = await this.notifications.record(topic, resourceId, this.clock.now());
    this.track(this.process(id));
  }

  /** The payment-notifications job (every minute): retries what is due. Returns how many it processed. */
  async sweep(): Promise<number> {
    const now = this.clock.now();
    const due = await this.notifications.due(now, NOTIFICATION_MAX_ATTEMPTS, 50);
    let processed = 0;
    for (const notification of due) {
      if (await this.process(notification.id)) processed++;
    }
    return processed;
  }

  /** Resolves once every notification started in the background is finished (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.settled();
  }

  private track(work: Promise<unknown>): void {
    const done = work.then(
      () => undefined,
      (error: unknown) => this.logger.error(`Notificación no procesada: ${(error as Error).message}`),
    );
    this.inFlight.add(done);
    void done.finally(() => this.inFlight.delete(done));
  }

  /** Claims and processes one notification; true when it ended processed. */
  private async process(id: number): Promise<boolean> {
    for (;;) {
      const now = this.clock.now();
      // Done already, or another request or replica holds it: it will finish it.
      if (!(await this.notifications.claim(id, now, new Date(now.getTime() + CLAIM_MS)))) return false;
      const notification = await this.notifications.byIdOrFail(id);
      try {
        if (notification.topic === 'chargeback') await this.payments.applyChargeback(notification.resourceId);
        else if (notification.topic === 'preapproval') await this.memberships.syncSubscription(notification.resourceId);
        else if (notification.topic === 'authorized_payment')
          await this.memberships.syncCharge(notification.resourceId);
        else await this.payments.syncProviderPayment(notification.resourceId);
      } catch (error) {
        await this.failed(notification, error);
        return false;
      }
      if (await this.notifications.markProcessed(id, notification.received, this.clock.now())) return true;
      // It arrived again while being processed: release it and read the resource once more.
      await this.notifications.update(id, { claimedUntil: null });
    }
  }

  private async failed(notification: PaymentNotification, error: unknown): Promise<void> {
    const attempts = notification.attempts + 1;
    const reason = error instanceof Error ? error.message : String(error);
    const retryAt = new Date(this.clock.now().getTime() + notificationRetryDelayMs(attempts));
    try {
      await this.notifications.update(notification.id, {
        attempts,
        nextAttemptAt: retryAt,
        claimedUntil: null,
        lastError: reason.slice(0, 500),
      });
    } catch (updateError) {
      // The database is down too: the claim runs out and the sweep takes it again.
      this.logger.error(`Notificación ${notification.id} sin registrar su fallo: ${(updateError as Error).message}`);
    }
    const next =
      attempts < NOTIFICATION_MAX_ATTEMPTS ? `se reintentará a las ${retryAt.toISOString()}` : 'no se reintentará más';
    this.logger.warn(
      `Notificación ${notification.id} (${notification.topic} ${notification.resourceId}) falló (intento ${attempts}): ${reason}; ${next}`,
    );
  }
}
