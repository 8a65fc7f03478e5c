import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../core/clock/clock';
import { PaymentNotification, type NotificationTopic } from './entities/payment-notification.entity';
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
 * notification is processed by one at a time; the mail queue works the same way.
 */
@Injectable()
export class PaymentNotificationsService implements OnApplicationShutdown {
  private readonly logger = new Logger('PaymentNotifications');
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly payments: PaymentsService,
    private readonly clock: Clock,
  ) {}

  /**
   * Stores a notification of one resource (idempotent: one row per resource, reopened when it is
   * notified again) and starts processing it in the background.
   */
  async receive(topic: NotificationTopic, resourceId: string): Promise<void> {
    const now = this.clock.now();
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(PaymentNotification)
      .values({ topic, resourceId, received: 0, attempts: 0, nextAttemptAt: now })
      .orIgnore()
      // Nothing to read back (and on MySQL an ignored insert has no id to read).
      .updateEntity(false)
      .execute();
    // Counted after the insert, so a processor that started before this arrival cannot mark it done.
    await this.dataSource
      .createQueryBuilder()
      .update(PaymentNotification)
      .set({ received: () => 'received + 1', processedAt: null, attempts: 0, nextAttemptAt: now, lastError: null })
      .where('topic = :topic AND resource_id = :resourceId', { topic, resourceId })
      .execute();
    const row = await this.dataSource.manager.findOneByOrFail(PaymentNotification, { topic, resourceId });
    this.track(this.process(row.id));
  }

  /** The sweep: retries what is due. Returns how many notifications it processed. */
  @Cron(CronExpression.EVERY_MINUTE, { name: 'payment-notifications' })
  async sweep(): Promise<number> {
    const now = this.clock.now();
    const due = await this.dataSource.manager
      .createQueryBuilder(PaymentNotification, 'n')
      .where('n.processed_at IS NULL AND n.next_attempt_at <= :now AND n.attempts < :max', {
        now,
        max: NOTIFICATION_MAX_ATTEMPTS,
      })
      .andWhere('(n.claimed_until IS NULL OR n.claimed_until < :now)', { now })
      .orderBy('n.next_attempt_at', 'ASC')
      .limit(50)
      .getMany();
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
      const claimed = await this.dataSource
        .createQueryBuilder()
        .update(PaymentNotification)
        .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
        .where('id = :id AND processed_at IS NULL AND (claimed_until IS NULL OR claimed_until < :now)', { id, now })
        .execute();
      // Done already, or another request or replica holds it: it will finish it.
      if (claimed.affected !== 1) return false;
      const notification = await this.dataSource.manager.findOneByOrFail(PaymentNotification, { id });
      try {
        if (notification.topic === 'chargeback') await this.payments.applyChargeback(notification.resourceId);
        else await this.payments.syncProviderPayment(notification.resourceId);
      } catch (error) {
        await this.failed(notification, error);
        return false;
      }
      const done = await this.dataSource
        .createQueryBuilder()
        .update(PaymentNotification)
        .set({ processedAt: this.clock.now(), claimedUntil: null, lastError: null })
        .where('id = :id AND received = :received', { id, received: notification.received })
        .execute();
      if (done.affected === 1) return true;
      // It arrived again while being processed: release it and read the resource once more.
      await this.dataSource.manager.update(PaymentNotification, { id }, { claimedUntil: null });
    }
  }

  private async failed(notification: PaymentNotification, error: unknown): Promise<void> {
    const attempts = notification.attempts + 1;
    const reason = error instanceof Error ? error.message : String(error);
    const retryAt = new Date(this.clock.now().getTime() + notificationRetryDelayMs(attempts));
    try {
      await this.dataSource.manager.update(
        PaymentNotification,
        { id: notification.id },
        { attempts, nextAttemptAt: retryAt, claimedUntil: null, lastError: reason.slice(0, 500) },
      );
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
