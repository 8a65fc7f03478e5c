import { Injectable } from '@nestjs/common';
import type { Caller } from '../auth/caller';
import { pageOf, type PaginationDto } from '../dto/pagination.dto';
import { AuditLog } from './audit-log.entity';
import { AuditRepository, type AuditRow } from './audit.repository';

/** Every kind of change an admin makes, with the Spanish label the audit page shows. */
export const AUDIT_ACTIONS = {
  'user.create': 'Creó un usuario',
  'user.update': 'Cambió los datos de un usuario',
  'user.deactivate': 'Desactivó un usuario',
  'user.activate': 'Activó un usuario',
  'user_plan.create': 'Dio un plan a un usuario',
  'user_plan.update': 'Cambió el plan de un usuario',
  'user_plan.remind': 'Envió a un usuario el aviso de fin de plan',
  'plan.create': 'Agregó un plan al catálogo',
  'plan.update': 'Cambió un plan del catálogo',
  'plan.hide': 'Ocultó un plan del catálogo',
  'plan.show': 'Mostró un plan del catálogo',
  'schedule.create': 'Agregó una clase al horario',
  'schedule.update': 'Cambió una clase del horario',
  'schedule.deactivate': 'Quitó una clase del horario',
  'schedule.activate': 'Activó una clase del horario',
  'class.cancel': 'Canceló una clase',
  'reservation.create': 'Reservó una clase para un usuario',
  'reservation.cancel': 'Quitó a un usuario de una clase',
  'reservation.attendance': 'Marcó la asistencia de un usuario',
  'reservation.walk_in': 'Agregó a un cliente sin reserva a una clase',
  'payment.refund': 'Reembolsó un pago de Mercado Pago',
  'waitlist.remove': 'Quitó a un usuario de una lista de espera',
  'waitlist.promote': 'Dio a un usuario de la lista de espera un lugar en la clase',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export interface AuditEntryInput {
  action: AuditAction;
  entityType: 'user' | 'user_plan' | 'plan' | 'schedule' | 'class' | 'reservation' | 'payment' | 'waitlist';
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

/** Who changed what and when, with the values before and after. */
@Injectable()
export class AuditService {
  constructor(private readonly repository: AuditRepository) {}

  /** Writes one entry inside the caller's transaction, so the change and its record land together. */
  async record(actor: Caller, entry: AuditEntryInput): Promise<void> {
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
   * Newest first; `userId` keeps the entries about that user or made by them. The rows as read
   * (the admin's `toAuditEntryDto` gives them their wire shape).
   */
  async list(query: {
    page: number;
    limit: number;
    userId?: number;
  }): Promise<{ rows: AuditRow[]; pagination: PaginationDto }> {
    const { rows, total } = await this.repository.page(query.userId, {
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return { rows, pagination: pageOf(query.page, query.limit, total) };
  }
}
