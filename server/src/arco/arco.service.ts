import { Injectable, Logger } from '@nestjs/common';
import { AuditService } from '../core/audit/audit.service';
import type { Caller } from '../core/auth/caller';
import { StudioClock } from '../core/clock/studio-clock';
import { InTransaction } from '../core/database/in-transaction.decorator';
import { TransactionService } from '../core/database/transaction.service';
import { ApiError, ErrorCode } from '../core/errors/api-error';
import { isUniqueViolation } from '../core/errors/database-errors';
import { StudioSettingsService } from '../core/settings/studio-settings.service';
import { NotificationsService } from '../notifications';
import {
  ANSWERED_ARCO_STATUSES,
  ARCO_ANSWER_BUSINESS_DAYS,
  ARCO_RIGHT_LABELS,
  arcoFolio,
  OPEN_ARCO_STATUSES,
  type ArcoRight,
  type ArcoStatus,
} from './arco-rights';
import { ArcoError, ArcoErrorCode } from './arco.errors';
import { ArcoRepository } from './arco.repository';
import { addBusinessDays, businessDaysLeft } from './business-days';
import type { ArcoRequest } from './entities/arco-request.entity';

/** Concurrent requests of the same year may pick the same sequence: the loser tries again with the next. */
const FOLIO_ATTEMPTS = 10;

/** The message under the note when answering without one. */
export const RESPONSE_NOTE_REQUIRED = 'Escribe la respuesta o el motivo del rechazo';

export interface ArcoSubmission {
  name: string;
  email: string;
  right: ArcoRight;
  detail: string;
}

/** A request as the admin's list shows it, with its deadline worked out for today. */
export interface ArcoRequestView {
  request: ArcoRequest;
  /** Business days from today to the due date: 0 on the due day, negative once past. */
  businessDaysLeft: number;
  /** Still open and its due date has passed. */
  overdue: boolean;
}

export interface ArcoDashboardFigures {
  arcoOverdue: { count: number; items: { id: number; folio: string; name: string; dueDate: string }[] };
  arcoOpen: number;
}

/**
 * ARCO requests (LFPDPPP): anyone asks to access, rectify, cancel or oppose the use of their data;
 * the request gets a folio and a deadline of 20 business days (Mexican holidays of the LFT, art. 74),
 * the requester and the studio get a mail, and the admin answers from «Solicitudes ARCO».
 */
@Injectable()
export class ArcoService {
  private readonly logger = new Logger('Arco');

  constructor(
    readonly transactions: TransactionService,
    private readonly repository: ArcoRepository,
    private readonly clock: StudioClock,
    private readonly notifications: NotificationsService,
    private readonly settings: StudioSettingsService,
    private readonly audit: AuditService,
  ) {}

  /**
   * Records a request and both mails in one transaction. The folio is the studio year's next
   * sequence; two requests at once may pick the same one, and the unique index refuses the second,
   * which tries again in a new transaction (so it reads the other's commit).
   */
  async submit(input: ArcoSubmission, caller: Caller | null, ipAddress: string): Promise<ArcoRequest> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.transactions.run(() => this.record(input, caller, ipAddress));
      } catch (error) {
        if (attempt >= FOLIO_ATTEMPTS || !isUniqueViolation(error)) throw error;
        this.logger.debug(`Folio ARCO tomado por otra solicitud; intento ${attempt + 1}`);
      }
    }
  }

  private async record(input: ArcoSubmission, caller: Caller | null, ipAddress: string): Promise<ArcoRequest> {
    const now = this.clock.now();
    const today = this.clock.today(now);
    const year = Number(today.slice(0, 4));
    const sequence = (await this.repository.lastSequence(year)) + 1;
    const request = await this.repository.insert({
      folio: arcoFolio(year, sequence),
      folioYear: year,
      folioSequence: sequence,
      name: input.name,
      email: input.email,
      right: input.right,
      detail: input.detail,
      userId: caller?.id ?? null,
      receivedAt: now,
      dueDate: addBusinessDays(today, ARCO_ANSWER_BUSINESS_DAYS),
      status: 'recibida',
      answeredAt: null,
      responseNote: null,
      ipAddress,
    });
    const receipt = { folio: request.folio, rightLabel: ARCO_RIGHT_LABELS[request.right], dueDate: request.dueDate };
    await this.notifications.emit({
      type: 'arco.received',
      to: { userId: request.userId, email: request.email, name: request.name },
      payload: receipt,
    });
    const { contact } = await this.settings.current();
    await this.notifications.emit({
      type: 'arco.studio_notice',
      to: { userId: null, email: contact.email, name: 'equipo del estudio' },
      payload: {
        ...receipt,
        requesterName: request.name,
        requesterEmail: request.email,
        detail: request.detail,
        hasAccount: request.userId !== null,
      },
    });
    return request;
  }

  /** Every request, newest first, with its business days left as of today. */
  async list(): Promise<ArcoRequestView[]> {
    const today = this.clock.today();
    return (await this.repository.list()).map((request) => this.viewOf(request, today));
  }

  /**
   * The admin moves a request along. Answering (respondida, rechazada) needs the note sent to the
   * requester and stamps when; going back to an open status clears the stamp. Audited.
   */
  @InTransaction()
  async changeStatus(
    caller: Caller,
    id: number,
    status: ArcoStatus,
    responseNote: string | undefined,
  ): Promise<ArcoRequestView> {
    const request = await this.repository.findById(id);
    if (!request) throw new ArcoError(ArcoErrorCode.ARCO_REQUEST_NOT_FOUND);
    const answering = ANSWERED_ARCO_STATUSES.includes(status);
    const note = responseNote ?? request.responseNote;
    if (answering && !note) throw new ApiError(ErrorCode.VALIDATION_ERROR, { responseNote: [RESPONSE_NOTE_REQUIRED] });
    const before = { arcoStatus: request.status, responseNote: request.responseNote };
    const changes = {
      status,
      responseNote: note ?? null,
      answeredAt: answering
        ? request.status === status && request.answeredAt
          ? request.answeredAt
          : this.clock.now()
        : null,
    };
    await this.repository.updateStatus(id, changes);
    await this.audit.record(caller, {
      action: 'arco.status',
      entityType: 'arco_request',
      entityId: id,
      subjectUserId: request.userId,
      before: { folio: request.folio, ...before },
      after: { folio: request.folio, arcoStatus: changes.status, responseNote: changes.responseNote },
    });
    return this.viewOf({ ...request, ...changes }, this.clock.today());
  }

  /** The owner's dashboard: open requests past their due date (the oldest first) and how many are open. */
  async dashboardFigures(): Promise<ArcoDashboardFigures> {
    const today = this.clock.today();
    const [overdue, open] = await Promise.all([this.repository.overdue(today), this.repository.openCount()]);
    return {
      arcoOverdue: {
        count: overdue.count,
        items: overdue.items.map((r) => ({ id: r.id, folio: r.folio, name: r.name, dueDate: r.dueDate })),
      },
      arcoOpen: open,
    };
  }

  private viewOf(request: ArcoRequest, today: string): ArcoRequestView {
    return {
      request,
      businessDaysLeft: businessDaysLeft(today, request.dueDate),
      overdue: OPEN_ARCO_STATUSES.includes(request.status) && today > request.dueDate,
    };
  }
}
