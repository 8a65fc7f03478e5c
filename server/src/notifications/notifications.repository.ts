import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import type { OutboxEvent } from './channel';
import { NotificationDelivery } from './entities/notification-delivery.entity';
import { NotificationEventRow } from './entities/notification-event.entity';
import type { NotificationEvent } from './events';

/** All SQL of the notifications outbox: events and their per-channel deliveries. */
@Injectable()
export class NotificationsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** A new event, in the caller's transaction; its id. */
  async insertEvent(event: NotificationEvent): Promise<number> {
    const inserted = await this.txHost.tx.insert(NotificationEventRow, {
      type: event.type,
      recipientUserId: event.to.userId,
      recipientEmail: event.to.email,
      recipientName: event.to.name,
      payload: event.payload,
    });
    return Number(inserted.identifiers[0].id);
  }

  /** The event's delivery on one channel, due at `now`; its id. */
  async insertDelivery(eventId: number, channel: string, now: Date): Promise<number> {
    const inserted = await this.txHost.tx.insert(NotificationDelivery, {
      eventId,
      channel,
      attempts: 0,
      nextAttemptAt: now,
      claimedUntil: null,
      lastError: null,
      sentAt: null,
    });
    return Number(inserted.identifiers[0].id);
  }

  /** Whether the event has a delivery on that channel (a fallback is added once). */
  async hasDelivery(eventId: number, channel: string): Promise<boolean> {
    return this.txHost.tx.exists(NotificationDelivery, { where: { eventId, channel } });
  }

  /** Leaves a claimed delivery for later without counting an attempt (WhatsApp's quiet hours). */
  async postpone(id: number, until: Date): Promise<void> {
    await this.txHost.tx.update(NotificationDelivery, { id }, { nextAttemptAt: until, claimedUntil: null });
  }

  /** Unsent deliveries due by `now`, unclaimed and below `maxAttempts`, oldest first: their ids. */
  async due(now: Date, maxAttempts: number, limit: number): Promise<number[]> {
    const rows = await this.txHost.tx
      .createQueryBuilder(NotificationDelivery, 'd')
      .select('d.id', 'id')
      .where('d.sent_at IS NULL AND d.next_attempt_at <= :now AND d.attempts < :max', { now, max: maxAttempts })
      .andWhere('(d.claimed_until IS NULL OR d.claimed_until < :now)', { now })
      .orderBy('d.id', 'ASC')
      .limit(limit)
      .getRawMany<{ id: number | string }>();
    return rows.map((row) => Number(row.id));
  }

  /**
   * Claims an unsent delivery until `until`: false when it was sent, given up, or someone else
   * (another replica, the sweep) holds it. The row update is the lock.
   */
  async claim(id: number, now: Date, until: Date, maxAttempts: number): Promise<boolean> {
    const claimed = await this.txHost.tx
      .createQueryBuilder()
      .update(NotificationDelivery)
      .set({ claimedUntil: until })
      .where('id = :id AND sent_at IS NULL AND attempts < :max', { id, max: maxAttempts })
      .andWhere('(claimed_until IS NULL OR claimed_until < :now)', { now })
      .execute();
    return claimed.affected === 1;
  }

  /** A delivery with its event. */
  async deliveryById(id: number): Promise<{ delivery: NotificationDelivery; event: OutboxEvent }> {
    const delivery = await this.txHost.tx.findOneOrFail(NotificationDelivery, {
      where: { id },
      relations: { event: true },
    });
    const row = delivery.event!;
    const event = {
      id: row.id,
      type: row.type,
      to: { userId: row.recipientUserId, email: row.recipientEmail, name: row.recipientName },
      payload: row.payload,
    } as OutboxEvent;
    return { delivery, event };
  }

  async markSent(id: number, attempts: number, at: Date): Promise<void> {
    await this.txHost.tx.update(
      NotificationDelivery,
      { id },
      { attempts, sentAt: at, claimedUntil: null, lastError: null },
    );
  }

  async markFailed(id: number, attempts: number, retryAt: Date, reason: string): Promise<void> {
    await this.txHost.tx.update(
      NotificationDelivery,
      { id },
      { attempts, nextAttemptAt: retryAt, claimedUntil: null, lastError: reason.slice(0, 500) },
    );
  }
}
