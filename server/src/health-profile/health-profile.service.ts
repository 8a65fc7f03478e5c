import { Injectable } from '@nestjs/common';
import { access } from '../core/auth/access';
import type { Caller } from '../core/auth/caller';
import { Permission } from '../core/auth/permissions';
import { Clock } from '../core/clock/clock';
import { InTransaction } from '../core/database/in-transaction.decorator';
import { TransactionService } from '../core/database/transaction.service';
import { ApiError, ErrorCode } from '../core/errors/api-error';
import { isUniqueViolation } from '../core/errors/database-errors';
import { normalizeMexicanMobile } from '../notifications';
import type { SaveHealthProfileDto } from './dto/health-profile.dto';
import type { HealthProfile } from './entities/health-profile.entity';
import { HealthProfileError, HealthProfileErrorCode } from './health-profile.errors';
import { HealthProfileRepository, type HealthProfileValues, type HealthViewLine } from './health-profile.repository';

/**
 * The health questionnaire and emergency contact (sensitive data, LFPDPPP): the client fills it
 * before their first online booking and updates it any time; admins and the instructor of a class
 * the client is booked in read it, and each reading is logged.
 */
@Injectable()
export class HealthProfileService {
  constructor(
    readonly transactions: TransactionService,
    private readonly repository: HealthProfileRepository,
    private readonly clock: Clock,
  ) {}

  mine(userId: number): Promise<HealthProfile | null> {
    return this.repository.byUser(userId);
  }

  /** Saves the answers with the consent's time and address; a detail is kept only under its yes. */
  @InTransaction()
  async save(userId: number, dto: SaveHealthProfileDto, ipAddress: string): Promise<HealthProfile> {
    const phone = normalizeMexicanMobile(dto.emergencyPhone);
    // The DTO's validator accepted it; the canonical form is what is stored.
    if (!phone.ok) throw new ApiError(ErrorCode.VALIDATION_ERROR);
    const now = this.clock.now();
    const values: HealthProfileValues = {
      userId,
      hasInjuries: dto.hasInjuries,
      injuries: dto.hasInjuries ? (dto.injuries ?? '') : '',
      recentSurgery: dto.recentSurgery,
      surgery: dto.recentSurgery ? (dto.surgery ?? '') : '',
      pregnant: dto.pregnant,
      pregnancyWeeks: dto.pregnant ? (dto.pregnancyWeeks ?? null) : null,
      heartOrBloodPressure: dto.heartOrBloodPressure,
      otherConditions: dto.otherConditions ?? '',
      emergencyName: dto.emergencyName,
      emergencyPhone: phone.phone,
      emergencyRelationship: dto.emergencyRelationship,
      sensitiveConsentAt: now,
      sensitiveConsentIp: ipAddress,
      updatedAt: now,
    };
    if (await this.repository.exists(userId)) {
      await this.repository.update(values);
    } else {
      try {
        await this.repository.insert(values);
      } catch (error) {
        // Two saves at once (a double click): the second one updates the first's row.
        if (!isUniqueViolation(error)) throw error;
        await this.repository.update(values);
      }
    }
    return (await this.repository.byUser(userId))!;
  }

  /** Refuses a client's own online booking until they have filled the questionnaire. */
  async assertFilled(userId: number): Promise<void> {
    if (!(await this.repository.exists(userId))) {
      throw new HealthProfileError(HealthProfileErrorCode.HEALTH_PROFILE_REQUIRED);
    }
  }

  /** Of these users, those the roster marks ("Tiene notas de salud"). */
  needingAttention(userIds: number[]): Promise<Set<number>> {
    return this.repository.needingAttention(userIds);
  }

  /**
   * Staff read a client's questionnaire: an admin (HealthRead) any, an instructor only the one of a
   * client booked in a class they teach (`classId`). The reading is logged with it, in one
   * transaction: no answer without its log line.
   */
  @InTransaction()
  async read(caller: Caller, userId: number, classId: number | null): Promise<HealthProfile> {
    if (!access.can(caller, Permission.HealthRead)) {
      const booking = classId === null ? null : await this.repository.bookingInClass(classId, userId);
      access.require(caller, Permission.HealthRead, { teacherId: booking?.teacherId ?? null });
    }
    const profile = await this.repository.byUser(userId);
    if (!profile) throw new HealthProfileError(HealthProfileErrorCode.HEALTH_PROFILE_NOT_FOUND);
    await this.repository.insertView({ userId, viewerId: caller.id, viewedAt: this.clock.now(), classId });
    return profile;
  }

  /** Who read a client's questionnaire and when (admins). */
  async viewsOf(userId: number): Promise<HealthViewLine[]> {
    if (!(await this.repository.userExists(userId))) throw new ApiError(ErrorCode.NOT_FOUND);
    return this.repository.viewsOf(userId);
  }
}
