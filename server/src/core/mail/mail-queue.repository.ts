import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { MailQueueItem } from './mail-queue.entity';

/** All SQL of the outgoing mail queue. */
@Injectable()
export class MailQueueRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A new row; inside the caller's transaction when given its manager. */
  insert(values: Partial<MailQueueItem>, manager: EntityManager = this.dataSource.manager): Promise<MailQueueItem> {
    return manager.save(manager.create(MailQueueItem, values));
  }

  byId(id: number): Promise<MailQueueItem | null> {
    return this.dataSource.manager.findOneBy(MailQueueItem, { id });
  }

  /** Unsent mails due by `now`, unclaimed and below `maxAttempts`, oldest first. */
  due(now: Date, maxAttempts: number, limit: number): Promise<MailQueueItem[]> {
    return this.dataSource.manager
      .createQueryBuilder(MailQueueItem, 'm')
      .where('m.sent_at IS NULL AND m.next_attempt_at <= :now AND m.attempts < :max', { now, max: maxAttempts })
      .andWhere('(m.claimed_until IS NULL OR m.claimed_until < :now)', { now })
      .orderBy('m.id', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** Claims an unsent mail until `until`; false when it was sent or someone else holds it. */
  async claim(id: number, now: Date, until: Date): Promise<boolean> {
    const claimed = await this.dataSource
      .createQueryBuilder()
      .update(MailQueueItem)
      .set({ claimedUntil: until })
      .where('id = :id AND sent_at IS NULL AND (claimed_until IS NULL OR claimed_until < :now)', { id, now })
      .execute();
    return claimed.affected === 1;
  }

  async update(id: number, changes: Partial<MailQueueItem>): Promise<void> {
    await this.dataSource.manager.update(MailQueueItem, { id }, changes);
  }
}
