import { Injectable } from '@nestjs/common';
import { AuditService } from '../core/audit/audit.service';
import type { Caller } from '../core/auth/caller';
import { StudioClock } from '../core/clock/studio-clock';
import { TransactionService } from '../core/database/transaction.service';
import { isUniqueViolation } from '../core/errors/database-errors';
import { InstructorsService } from '../instructors';
import { ClassSessionsService, SubstitutesService } from '../reservations';
import type { AskCoverDto, OpenCoverRequestDto } from './dto/teaching.dto';
import { toOpenCoverRequestDto } from './dto/teaching.mappers';
import type { CoverRequest } from './entities';
import { TeachingError, TeachingErrorCode } from './teaching.errors';
import { TeachingRepository } from './teaching.repository';

/**
 * Cover requests: an instructor asks for a substitute for one of their coming classes (one open
 * request per class), and may withdraw it while it is open; the owner approves it by naming the
 * substitute — SubstitutesService sets it, so the booked clients get «Cambio de instructor» and 24
 * hours to cancel without losing the class — or declines it. Each step is audited, in the
 * transaction of its change.
 */
@Injectable()
export class CoverRequestsService {
  constructor(
    private readonly repository: TeachingRepository,
    private readonly sessions: ClassSessionsService,
    private readonly substitutes: SubstitutesService,
    private readonly instructors: InstructorsService,
    private readonly audit: AuditService,
    private readonly clock: StudioClock,
    readonly transactions: TransactionService,
  ) {}

  /**
   * Refuses a class that is not the caller's (403 NOT_YOUR_CLASS), a date the class does not run
   * (404), a cancelled or started class, and a class with a request already open.
   */
  async ask(caller: Caller, dto: AskCoverDto): Promise<CoverRequest> {
    const profile = await this.instructors.profileOfAccount(caller.id);
    if (!profile) throw new TeachingError(TeachingErrorCode.NOT_YOUR_CLASS);
    const slot = await this.sessions.slotOf(dto.scheduleId, dto.date);
    if (slot.instructorId !== profile.id) throw new TeachingError(TeachingErrorCode.NOT_YOUR_CLASS);
    if (slot.cancelled) throw new TeachingError(TeachingErrorCode.COVER_CLASS_CANCELLED);
    if (this.clock.hasStarted(slot.date, slot.startTime)) throw new TeachingError(TeachingErrorCode.COVER_CLASS_PAST);
    if (await this.repository.openExists(dto.scheduleId, dto.date)) {
      throw new TeachingError(TeachingErrorCode.COVER_ALREADY_OPEN);
    }
    const note = dto.note ? dto.note : null;
    try {
      return await this.transactions.run(async () => {
        const request = await this.repository.insert({
          scheduleId: dto.scheduleId,
          classDate: dto.date,
          instructorId: profile.id,
          requestedBy: caller.id,
          note,
        });
        await this.audit.record(caller, {
          action: 'cover_request.create',
          entityType: 'cover_request',
          entityId: request.id,
          after: { date: slot.date, time: slot.startTime, instructor: profile.name, note, coverStatus: 'open' },
        });
        return request;
      });
    } catch (error) {
      // Asked twice at once: uq_cover_requests_open lets one through.
      if (isUniqueViolation(error)) throw new TeachingError(TeachingErrorCode.COVER_ALREADY_OPEN);
      throw error;
    }
  }

  /** The instructor takes back their open request. */
  async withdraw(caller: Caller, id: number): Promise<CoverRequest> {
    const request = await this.openRequest(id, caller);
    return this.close(caller, request, 'withdrawn', 'cover_request.withdraw');
  }

  /** The owner's list: open requests of classes from today on. */
  async open(): Promise<OpenCoverRequestDto[]> {
    return (await this.repository.openFrom(this.clock.today())).map(toOpenCoverRequestDto);
  }

  /**
   * The owner names the substitute (an active profile other than the one who asked): the request
   * closes and the class gets its substitute in one transaction, so a refusal (the class started or
   * was cancelled meanwhile) leaves the request open.
   */
  async approve(admin: Caller, id: number, substituteId: number): Promise<{ substitute: string; told: number }> {
    const request = await this.openRequest(id);
    if (substituteId === request.instructorId) throw new TeachingError(TeachingErrorCode.COVER_SAME_INSTRUCTOR);
    const substitute = await this.instructors.availableForClasses(substituteId);
    const [asker] = await this.instructors.byIds([request.instructorId]);
    const time = await this.repository.startTimeOf(request.scheduleId);
    return this.transactions.run(async () => {
      const closed = await this.repository.close(request.id, {
        status: 'approved',
        by: admin.id,
        at: this.clock.now(),
        substituteId,
      });
      if (!closed) throw new TeachingError(TeachingErrorCode.COVER_REQUEST_CLOSED);
      const { told } = await this.substitutes.setForDate(admin, request.scheduleId, request.classDate, substituteId);
      await this.audit.record(admin, {
        action: 'cover_request.approve',
        entityType: 'cover_request',
        entityId: request.id,
        before: { date: request.classDate, time, instructor: asker?.name ?? null, coverStatus: 'open' },
        after: { instructor: substitute.name, coverStatus: 'approved' },
      });
      return { substitute: substitute.name, told };
    });
  }

  /** The owner declines: the class keeps its instructor. */
  async decline(admin: Caller, id: number): Promise<CoverRequest> {
    const request = await this.openRequest(id);
    return this.close(admin, request, 'declined', 'cover_request.decline');
  }

  /** An open request (404, 409 once closed); with `owner`, one that account asked for (403). */
  private async openRequest(id: number, owner?: Caller): Promise<CoverRequest> {
    const request = await this.repository.byId(id);
    if (!request) throw new TeachingError(TeachingErrorCode.COVER_REQUEST_NOT_FOUND);
    if (owner && request.requestedBy !== owner.id) throw new TeachingError(TeachingErrorCode.NOT_YOUR_REQUEST);
    if (request.status !== 'open') throw new TeachingError(TeachingErrorCode.COVER_REQUEST_CLOSED);
    return request;
  }

  private async close(
    caller: Caller,
    request: CoverRequest,
    status: 'withdrawn' | 'declined',
    action: 'cover_request.withdraw' | 'cover_request.decline',
  ): Promise<CoverRequest> {
    const [asker] = await this.instructors.byIds([request.instructorId]);
    const time = await this.repository.startTimeOf(request.scheduleId);
    return this.transactions.run(async () => {
      if (!(await this.repository.close(request.id, { status, by: caller.id, at: this.clock.now() }))) {
        throw new TeachingError(TeachingErrorCode.COVER_REQUEST_CLOSED);
      }
      await this.audit.record(caller, {
        action,
        entityType: 'cover_request',
        entityId: request.id,
        before: { date: request.classDate, time, instructor: asker?.name ?? null, coverStatus: 'open' },
        after: { coverStatus: status },
      });
      return { ...request, status, openMarker: null };
    });
  }
}
