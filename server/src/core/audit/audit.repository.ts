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

/** Which entries a page lists; every part optional (none: the whole log). */
export interface AuditFilter {
  /** About this user or made by them. */
  userId?: number;
  action?: AuditAction;
  /** Made at or after this instant. */
  since?: Date;
  /** Made before this instant. */
  until?: Date;
}

// DATETIME text in UTC, as both drivers compare it with the stored created_at.
const utcDatetime = (instant: Date): string => instant.toISOString().slice(0, 19).replace('T', ' ');

const isUnfiltered = (filter: AuditFilter): boolean =>
  filter.userId === undefined &&
  filter.action === undefined &&
  filter.since === undefined &&
  filter.until === undefined;

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

  /** One page of entries, newest first, that pass the filter; and how many pass it. */
  async page(
    filter: AuditFilter,
    page: { offset: number; limit: number },
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const base = this.filtered(filter)
      .leftJoin('users', 'actor', 'actor.id = a.actor_id')
      .leftJoin('users', 'subject', 'subject.id = a.subject_user_id');
    const total = await this.total(filter);
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
   * The entries that pass the filter, each part through its index: the user's through
   * ix_audit_log_subject and ix_audit_log_actor, an action's through ix_audit_log_action (which
   * holds the id, so its entries come newest first without sorting), days through ix_audit_log_created.
   */
  private filtered(filter: AuditFilter) {
    const query = this.txHost.tx.createQueryBuilder().from(AuditLog, 'a');
    if (filter.userId !== undefined) {
      query.andWhere('(a.subject_user_id = :userId OR a.actor_id = :userId)', { userId: filter.userId });
    }
    if (filter.action !== undefined) query.andWhere('a.action = :action', { action: filter.action });
    if (filter.since !== undefined) query.andWhere('a.created_at >= :since', { since: utcDatetime(filter.since) });
    if (filter.until !== undefined) query.andWhere('a.created_at < :until', { until: utcDatetime(filter.until) });
    return query;
  }

  /**
   * How many entries the page lists: the kept count of the whole log (counting years of entries
   * costs milliseconds on InnoDB), or those that pass the filter through its indexes.
   */
  private async total(filter: AuditFilter): Promise<number> {
    if (isUnfiltered(filter)) {
      const count = await this.txHost.tx.findOneBy(RowCount, { name: AUDIT_LOG_COUNT });
      return count?.total ?? 0;
    }
    return this.filtered(filter).getCount();
  }
}
