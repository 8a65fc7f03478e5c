import { Injectable, Logger } from '@nestjs/common';
import { addDays } from '@pilates/dates';
import { StudioClock } from '../clock/studio-clock';
import { AppConfig } from '../config/app-config';
import type { Caller } from '../auth/caller';
import { pageOf, type PaginationDto } from '../dto/pagination.dto';
import { AuditLog } from './audit-log.entity';
import { undeclaredAuditFields, type AuditAction } from './audit-fields';
import { AuditRepository, type AuditFilter, type AuditRow } from './audit.repository';

export { AUDIT_ACTIONS, type AuditAction } from './audit-fields';

export interface AuditEntryInput {
  action: AuditAction;
  entityType:
    | 'user'
    | 'user_plan'
    | 'plan'
    | 'schedule'
    | 'class'
    | 'reservation'
    | 'payment'
    | 'promo_code'
    | 'gift_card'
    | 'waitlist'
    | 'spot'
    | 'room'
    | 'settings'
    | 'instructor'
    | 'cover_request'
    | 'class_type'
    | 'membership'
    | 'arco_request';
  entityId: number | string;
  /** The client the change concerns, when there is one. */
  subjectUserId?: number | null;
  before?: object | null;
  after?: object | null;
}

/**
 * The values of `after` that differ from `before`, each side limited to those keys: what an
 * edit changed, and nothing else. Null when nothing changed (no entry is worth writing).
 */
export function changedValues<T extends object>(
  before: T,
  after: T,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (after[key] === undefined || after[key] === before[key]) continue;
    was[key] = before[key];
    is[key] = after[key];
  }
  return Object.keys(is).length > 0 ? { before: was, after: is } : null;
}

/** Before the first day anything could be audited: a `from` before it filters nothing out. */
const FIRST_AUDIT_DAY = '2000-01-01';

/** Who changed what and when, with the values before and after. */
@Injectable()
export class AuditService {
  private readonly logger = new Logger(AuditService.name);

  constructor(
    private readonly repository: AuditRepository,
    private readonly clock: StudioClock,
    private readonly config: AppConfig,
  ) {}

  /** Writes one entry inside the caller's transaction, so the change and its record land together. */
  async record(actor: Caller, entry: AuditEntryInput): Promise<void> {
    // Every field needs its label on the audit page (audit-fields.ts): an unlisted one is a bug here,
    // which tests and development stop at; in production the change and its entry still land (the
    // page shows the field's raw name) and the log says what to declare.
    const undeclared = undeclaredAuditFields(entry.action, entry.before, entry.after);
    if (undeclared.length > 0) {
      const problem = `Audit ${entry.action} records fields it does not declare: ${undeclared.join(', ')}`;
      if (this.config.nodeEnv !== 'production') throw new Error(problem);
      this.logger.error(problem);
    }
    const log = Object.assign(new AuditLog(), {
      actorId: actor.id,
      action: entry.action,
      entityType: entry.entityType,
      entityId: String(entry.entityId),
      subjectUserId: entry.subjectUserId ?? null,
      before: (entry.before ?? null) as Record<string, unknown> | null,
      after: (entry.after ?? null) as Record<string, unknown> | null,
    });
    await this.repository.insert(log);
  }

  /**
   * Newest first; `userId` keeps the entries about that user or made by them, `action` one kind of
   * change, `from`/`to` the studio days they were made on. The rows as read (the admin's
   * `toAuditEntryDto` gives them their wire shape).
   */
  async list(query: {
    page: number;
    limit: number;
    userId?: number;
    action?: AuditAction;
    from?: string;
    to?: string;
  }): Promise<{ rows: AuditRow[]; pagination: PaginationDto }> {
    // Nothing is recorded a year from now or before the app existed: a bound past either is no
    // bound (the answer is the same), and far dates (9999-12-31) never reach the date arithmetic.
    const lastDay = addDays(this.clock.today(), 366);
    const from = query.from !== undefined && query.from > FIRST_AUDIT_DAY ? query.from : undefined;
    const to = query.to !== undefined && query.to < lastDay ? query.to : undefined;
    const filter: AuditFilter = {
      userId: query.userId,
      action: query.action,
      // Studio days, as instants: from the first minute of `from` to before the first of the day after `to`.
      since: from === undefined ? undefined : this.clock.startOf(from, '00:00'),
      until: to === undefined ? undefined : this.clock.startOf(addDays(to, 1), '00:00'),
    };
    const { rows, total } = await this.repository.page(filter, {
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return { rows, pagination: pageOf(query.page, query.limit, total) };
  }
}
