import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { RowCount } from '../database/row-count.entity';
import { AuditLog } from './audit-log.entity';
import type { AuditAction } from './audit.service';

/** One audit entry with the names of who made it and whom it concerns. */
export interface AuditRow {
  id: number | string;
  created_at: string | Date;
  action: AuditAction;
  entity_type: string;
  entity_id: string;
  actor_id: number | string | null;
  actor_name: string | null;
  subject_id: number | string | null;
  subject_name: string | null;
  before: string | null;
  after: string | null;
}

/** The row of `row_counts` that holds the audit log's size. */
const AUDIT_LOG_COUNT = 'audit_log';

/** All SQL of the audit trail. */
@Injectable()
export class AuditRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Inside the caller's transaction, so the change and its record land together. */
  async insert(entry: AuditLog): Promise<void> {
    await this.txHost.tx.save(entry);
    // The log's size, for its page's total: counted here, in the insert's transaction, so it is exact.
    await this.txHost.tx.increment(RowCount, { name: AUDIT_LOG_COUNT }, 'total', 1);
  }

  /** One page of entries, newest first; `userId` keeps those about that user or made by them. And how many there are. */
  async page(
    userId: number | undefined,
    page: { offset: number; limit: number },
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const base = this.txHost.tx
      .createQueryBuilder()
      .from(AuditLog, 'a')
      .leftJoin('users', 'actor', 'actor.id = a.actor_id')
      .leftJoin('users', 'subject', 'subject.id = a.subject_user_id');
    if (userId !== undefined) {
      base.where('(a.subject_user_id = :userId OR a.actor_id = :userId)', { userId: userId });
    }
    const total = await this.total(userId);
    const rows = await base
      .clone()
      .select('a.id', 'id')
      .addSelect('a.created_at', 'created_at')
      .addSelect('a.action', 'action')
      .addSelect('a.entity_type', 'entity_type')
      .addSelect('a.entity_id', 'entity_id')
      .addSelect('a.actor_id', 'actor_id')
      .addSelect('actor.name', 'actor_name')
      .addSelect('a.subject_user_id', 'subject_id')
      .addSelect('subject.name', 'subject_name')
      .addSelect('a.before', 'before')
      .addSelect('a.after', 'after')
      .orderBy('a.id', 'DESC')
      .offset(page.offset)
      .limit(page.limit)
      .getRawMany<AuditRow>();
    return { rows, total };
  }

  /**
   * How many entries the page lists: the kept count of the whole log (counting years of entries
   * costs milliseconds on InnoDB), or those about or by one user through their indexes.
   */
  private async total(userId: number | undefined): Promise<number> {
    if (userId === undefined) {
      const count = await this.txHost.tx.findOneBy(RowCount, { name: AUDIT_LOG_COUNT });
      return count?.total ?? 0;
    }
    return this.txHost.tx
      .createQueryBuilder()
      .from(AuditLog, 'a')
      .where('(a.subject_user_id = :userId OR a.actor_id = :userId)', { userId })
      .getCount();
  }
}
