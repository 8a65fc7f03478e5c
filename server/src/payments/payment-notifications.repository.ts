import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { PaymentNotification, type NotificationTopic } from './entities/payment-notification.entity';

/** All SQL of Mercado Pago's stored notifications. */
@Injectable()
export class PaymentNotificationsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /**
   * One row per resource, created on its first notification and reopened on every later one (the
   * count goes up after the insert, so a processor that started before this arrival cannot mark it
   * done); its id.
   */
  async record(topic: NotificationTopic, resourceId: string, now: Date): Promise<number> {
    await this.txHost.tx
      .createQueryBuilder()
      .insert()
      .into(PaymentNotification)
      .values({ topic, resourceId, received: 0, attempts: 0, nextAttemptAt: now })
      .orIgnore()
      // Nothing to read back (and on MySQL an ignored insert has no id to read).
      .updateEntity(false)
      .execute();
    await this.txHost.tx
      .createQueryBuilder()
      .update(PaymentNotification)
      .set({ received: () => 'received + 1', processedAt: null, attempts: 0, nextAttemptAt: now, lastError: null })
      .where('topic = :topic AND resource_id = :resourceId', { topic, resourceId })
      .execute();
    return (await this.txHost.tx.findOneByOrFail(PaymentNotification, { topic, resourceId })).id;
  }

  /** Unprocessed notifications due by `now`, unclaimed and below `maxAttempts`, soonest first. */
  due(now: Date, maxAttempts: number, limit: number): Promise<PaymentNotification[]> {
    return this.txHost.tx
      .createQueryBuilder(PaymentNotification, 'n')
      .where('n.processed_at IS NULL AND n.next_attempt_at <= :now AND n.attempts < :max', { now, max: maxAttempts })
      .andWhere('(n.claimed_until IS NULL OR n.claimed_until < :now)', { now })
      .orderBy('n.next_attempt_at', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** Claims an unprocessed notification until `until`; false when it is done or someone else holds it. */
  async claim(id: number, now: Date, until: Date): Promise<boolean> {
    const claimed = await this.txHost.tx
      .createQueryBuilder()
      .update(PaymentNotification)
      .set({ claimedUntil: until })
      .where('id = :id AND processed_at IS NULL AND (claimed_until IS NULL OR claimed_until < :now)', { id, now })
      .execute();
    return claimed.affected === 1;
  }

  byIdOrFail(id: number): Promise<PaymentNotification> {
    return this.txHost.tx.findOneByOrFail(PaymentNotification, { id });
  }

  /** Marks it processed, unless it arrived again meanwhile (its count moved): false then. */
  async markProcessed(id: number, received: number, at: Date): Promise<boolean> {
    const done = await this.txHost.tx
      .createQueryBuilder()
      .update(PaymentNotification)
      .set({ processedAt: at, claimedUntil: null, lastError: null })
      .where('id = :id AND received = :received', { id, received })
      .execute();
    return done.affected === 1;
  }

  async update(id: number, changes: Partial<PaymentNotification>): Promise<void> {
    await this.txHost.tx.update(PaymentNotification, { id }, changes);
  }
}
