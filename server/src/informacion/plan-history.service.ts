import { Injectable } from '@nestjs/common';
import { to12Hour } from '@pilates/dates';
import { access } from '../core/auth/access';
import type { Caller } from '../core/auth/caller';
import { Permission } from '../core/auth/permissions';
import { ApiError, ErrorCode } from '../core/errors/api-error';
import type { PlanHistoryResponseDto, PlanMovementDto, PlanMovementKind } from './dto/plan-history.dto';
import {
  PlanHistoryRepository,
  type HistoryAuditRow,
  type HistoryPlanRow,
  type HistoryReservationRow,
} from './plan-history.repository';

const LABELS: Record<PlanMovementKind, string> = {
  purchased: 'Plan comprado',
  given_by_admin: 'Plan dado por el estudio',
  adjusted_by_admin: 'Clases ajustadas por el estudio',
  booked: 'Clase reservada',
  promoted_from_waitlist: 'Lugar obtenido desde la lista de espera',
  cancelled_in_time: 'Cancelada a tiempo: la clase volvió al plan',
  released_late: 'Lugar liberado tarde: la clase no volvió al plan',
  attended: 'Asistió',
  no_show: 'No asistió',
  forgiven: 'Perdonada por el estudio',
  moved_by_studio: 'El estudio cambió tu reformer',
  cancelled_by_studio: 'Cancelada por el estudio: la clase volvió al plan',
  refunded: 'Plan reembolsado',
};

interface Movement {
  at: Date;
  kind: PlanMovementKind;
  classDelta: number;
  date: string | null;
  startTime: string | null;
  note: string | null;
  /** Order of derivation: ties on `at` keep the order things happened in. */
  seq: number;
}

/**
 * "Historial": what happened to each class of one plan, newest first, derived from the plan's row
 * and its reservations' columns (audit entries only for what no column says). The movements'
 * deltas always add up to what the plan shows: total − remaining = used.
 */
@Injectable()
export class PlanHistoryService {
  constructor(private readonly repository: PlanHistoryRepository) {}

  async historyOf(caller: Caller, userPlanId: number): Promise<Omit<PlanHistoryResponseDto, 'success'>> {
    const plan = await this.repository.planById(userPlanId);
    if (!plan) throw new ApiError(ErrorCode.NOT_FOUND, 'El plan no existe.');
    access.require(caller, Permission.UsersRead, { ownerId: plan.userId });
    const reservations = await this.repository.reservationsOf(plan.id);
    const audit = await this.repository.auditOf(
      plan.id,
      reservations.map((r) => r.id),
    );
    const movements = deriveMovements(plan, reservations, audit);
    return {
      plan: {
        id: plan.id,
        name: plan.planName,
        classesTotal: plan.classesTotal,
        classesRemaining: plan.classesRemaining,
        used: plan.classesTotal - plan.classesRemaining,
        startDate: plan.startDate,
        endDate: plan.endDate,
      },
      movements: movements.map(toMovementDto),
    };
  }
}

function toMovementDto(m: Movement): PlanMovementDto {
  return {
    at: m.at.toISOString(),
    date: m.date,
    time: m.startTime === null ? null : to12Hour(m.startTime),
    kind: m.kind,
    label: LABELS[m.kind],
    classDelta: m.classDelta,
    note: m.note,
  };
}

/** The movements newest first; pure, so the sums are checked without a database too. */
export function deriveMovements(
  plan: HistoryPlanRow,
  reservations: readonly HistoryReservationRow[],
  audit: readonly HistoryAuditRow[],
): Movement[] {
  const out: Movement[] = [];
  let seq = 0;
  const push = (m: Omit<Movement, 'seq'>): Movement => {
    const movement = { ...m, seq: seq++ };
    out.push(movement);
    return movement;
  };
  const auditOf = (action: string, entityId: number): HistoryAuditRow[] =>
    audit.filter((a) => a.action === action && a.entityId === String(entityId));

  const origin = push({
    at: plan.createdAt,
    kind: plan.source === 'payment' ? 'purchased' : 'given_by_admin',
    classDelta: 0,
    date: null,
    startTime: null,
    note: `${plan.classesTotal} ${plan.classesTotal === 1 ? 'clase' : 'clases'}`,
  });
  const adjustments: Movement[] = [];
  for (const entry of auditOf('user_plan.update', plan.id)) {
    const before = entry.before?.classes_remaining;
    const after = entry.after?.classes_remaining;
    if (typeof before !== 'number' || typeof after !== 'number') continue;
    adjustments.push(
      push({
        at: entry.at,
        kind: 'adjusted_by_admin',
        classDelta: 0,
        date: null,
        startTime: null,
        note: `Clases disponibles: ${before} → ${after}`,
      }),
    );
  }

  for (const r of reservations) {
    const cls = { date: r.date, startTime: r.startTime };
    const byStudio = auditOf('reservation.walk_in', r.id).length
      ? 'Registrada en el estudio'
      : auditOf('reservation.create', r.id).length
        ? 'Reservada por el estudio'
        : null;
    push({
      at: r.createdAt,
      kind: r.promoted ? 'promoted_from_waitlist' : 'booked',
      classDelta: -1,
      ...cls,
      note: byStudio,
    });
    for (const move of auditOf('reservation.spot', r.id)) {
      if (move.actorId === r.userId) continue;
      const from = move.before?.spot;
      const to = move.after?.spot;
      push({
        at: move.at,
        kind: 'moved_by_studio',
        classDelta: 0,
        ...cls,
        note: typeof from === 'string' && typeof to === 'string' ? `${from} → ${to}` : null,
      });
    }
    if (r.attended !== null) {
      push({
        at: r.attendanceMarkedAt ?? r.createdAt,
        kind: r.attended ? 'attended' : 'no_show',
        classDelta: 0,
        ...cls,
        note: null,
      });
    }
    if (r.status === 'cancelled' && r.cancelledAt) {
      if (r.lateReleasedAt !== null) {
        push({ at: r.lateReleasedAt, kind: 'released_late', classDelta: 0, ...cls, note: null });
      } else {
        // A class forgiven before it was cancelled had been returned already (BookingService.cancelInside).
        const returned = r.forgivenAt === null || r.forgivenAt > r.cancelledAt ? 1 : 0;
        const byClient = r.cancelledBy === r.userId;
        push({
          at: r.cancelledAt,
          kind: byClient ? 'cancelled_in_time' : 'cancelled_by_studio',
          classDelta: returned,
          ...cls,
          note: byClient ? null : r.classCancelled ? 'El estudio canceló la clase' : 'El estudio te quitó de la clase',
        });
      }
    }
    if (r.forgivenAt !== null) {
      const outcome = r.forgiveReturned;
      push({
        at: r.forgivenAt,
        kind: 'forgiven',
        classDelta: outcome ? 1 : 0,
        ...cls,
        note: [
          r.forgiveReason,
          outcome ? 'La clase volvió al plan' : 'La clase no volvió: el plan ya no estaba vigente',
        ]
          .filter(Boolean)
          .join(' · '),
      });
    }
  }

  if (plan.revokedAt !== null) {
    push({
      at: plan.revokedAt,
      kind: 'refunded',
      classDelta: 0,
      date: null,
      startTime: null,
      note: 'El plan ya no reserva clases',
    });
  }

  // What the studio changed by hand (a plan given with fewer classes than its total, "Clases
  // disponibles" edited) has no row per class: the difference goes on the latest such change, so
  // the history always adds up to what the plan shows.
  const used = plan.classesTotal - plan.classesRemaining;
  const explained = -out.reduce((sum, m) => sum + m.classDelta, 0);
  if (used !== explained) {
    const target = adjustments[adjustments.length - 1] ?? origin;
    target.classDelta += explained - used;
    if (target === origin && plan.source !== 'payment') {
      origin.note = `${plan.classesTotal + target.classDelta} de ${plan.classesTotal} clases disponibles`;
    }
  }

  return out.sort((a, b) => b.at.getTime() - a.at.getTime() || b.seq - a.seq);
}
