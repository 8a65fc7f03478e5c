import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { MailQueueItem } from './mail-queue.entity';

/** All SQL of the outgoing mail queue. */
@Injectable()
export class MailQueueRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** A new row, inside the caller's transaction when one is open. */
  insert(values: Partial<MailQueueItem>): Promise<MailQueueItem> {
    return this.txHost.tx.save(this.txHost.tx.create(MailQueueItem, values));
  }

  byId(id: number): Promise<MailQueueItem | null> {
    return this.txHost.tx.findOneBy(MailQueueItem, { id });
  }

  /** Unsent mails due by `now`, unclaimed and below `maxAttempts`, oldest first. */
  due(now: Date, maxAttempts: number, limit: number): Promise<MailQueueItem[]> {
    return this.txHost.tx
      .createQueryBuilder(MailQueueItem, 'm')
      .where('m.sent_at IS NULL AND m.next_attempt_at <= :now AND m.attempts < :max', { now, max: maxAttempts })
      .andWhere('(m.claimed_until IS NULL OR m.claimed_until < :now)', { now })
      .orderBy('m.id', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** Claims an unsent mail until `until`; false when it was sent or someone else holds it. */
  async claim(id: number, now: Date, until: Date): Promise<boolean> {
    const claimed = await this.txHost.tx
      .createQueryBuilder()
      .update(MailQueueItem)
      .set({ claimedUntil: until })
      .where('id = :id AND sent_at IS NULL AND (claimed_until IS NULL OR claimed_until < :now)', { id, now })
      .execute();
    return claimed.affected === 1;
  }

  async update(id: number, changes: Partial<MailQueueItem>): Promise<void> {
    await this.txHost.tx.update(MailQueueItem, { id }, changes);
  }
}
