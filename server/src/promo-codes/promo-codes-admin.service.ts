import { Injectable } from '@nestjs/common';
import { AuditService, changedValues } from '../core/audit/audit.service';
import type { Caller } from '../core/auth/caller';
import { StudioClock } from '../core/clock/studio-clock';
import { InTransaction } from '../core/database/in-transaction.decorator';
import { TransactionService } from '../core/database/transaction.service';
import { ApiError, ErrorCode } from '../core/errors/api-error';
import { isUniqueViolation } from '../core/errors/database-errors';
import type { AddPromoCodeDto, ChangePromoCodeDto, PromoCodeDto } from './dto/promo-codes.dto';
import { toPromoCodeDto } from './dto/promo-codes.mappers';
import type { PromoCode } from './entities/promo-code.entity';
import { PromoCodeError, PromoCodeErrorCode } from './promo-codes.errors';
import { PromoCodesRepository } from './promo-codes.repository';
import { normalizePromoCode, PROMO_HOLD_LINK_HOURS } from './promo-codes.service';

const money = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** The admin's "Promociones": codes created, changed and deactivated (audited), with their uses. */
@Injectable()
export class PromoCodesAdminService {
  constructor(
    private readonly codes: PromoCodesRepository,
    private readonly clock: StudioClock,
    private readonly audit: AuditService,
    readonly transactions: TransactionService,
  ) {}

  /** Every code, newest first, with its uses counted (approved) and held (open purchases). */
  async list(): Promise<PromoCodeDto[]> {
    const now = this.clock.now();
    const codes = await this.codes.all();
    return Promise.all(
      codes.map(async (code) => toPromoCodeDto(code, (await this.codes.uses(code.id, now, PROMO_HOLD_LINK_HOURS)).all)),
    );
  }

  @InTransaction()
  async add(admin: Caller, dto: AddPromoCodeDto): Promise<PromoCodeDto> {
    const code = normalizePromoCode(dto.code);
    if (await this.codes.byCode(code)) throw new PromoCodeError(PromoCodeErrorCode.PROMO_CODE_TAKEN);
    const planIds = await this.knownPlans(dto.planIds);
    let id: number;
    try {
      id = await this.codes.insert({
        code,
        kind: dto.kind,
        value: dto.kind === 'fixed' ? Math.round(dto.value * 100) : dto.value,
        validFrom: dto.validFrom,
        validTo: dto.validTo,
        maxUses: dto.maxUses,
        maxUsesPerClient: dto.maxUsesPerClient,
        planIds,
        newClientsOnly: dto.newClientsOnly,
        active: true,
      });
    } catch (error) {
      // Two admins saving the same code at once: the unique index decides.
      if (isUniqueViolation(error)) throw new PromoCodeError(PromoCodeErrorCode.PROMO_CODE_TAKEN);
      throw error;
    }
    const saved = (await this.codes.byId(id))!;
    await this.audit.record(admin, {
      action: 'promo_code.create',
      entityType: 'promo_code',
      entityId: id,
      after: await this.snapshot(saved),
    });
    return toPromoCodeDto(saved, { used: 0, held: 0 });
  }

  @InTransaction()
  async change(admin: Caller, dto: ChangePromoCodeDto): Promise<PromoCodeDto> {
    const before = await this.codes.byId(dto.id);
    if (!before) throw new PromoCodeError(PromoCodeErrorCode.PROMO_NOT_FOUND);
    const changes: Partial<PromoCode> = {
      validFrom: dto.validFrom,
      validTo: dto.validTo,
      maxUses: dto.maxUses,
      maxUsesPerClient: dto.maxUsesPerClient,
      newClientsOnly: dto.newClientsOnly,
      active: dto.active,
    };
    if (dto.planIds !== undefined) changes.planIds = await this.knownPlans(dto.planIds);
    const validFrom = dto.validFrom ?? before.validFrom;
    const validTo = dto.validTo ?? before.validTo;
    if (validTo < validFrom) {
      throw new ApiError(ErrorCode.VALIDATION_ERROR, {
        validTo: ['La fecha de fin debe ser igual o posterior a la de inicio'],
      });
    }
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    if (Object.keys(defined).length > 0) await this.codes.update(before.id, defined);
    const after = (await this.codes.byId(before.id))!;
    const diff = changedValues(await this.snapshot(before), await this.snapshot(after));
    if (diff) {
      await this.audit.record(admin, {
        action: 'promo_code.update',
        entityType: 'promo_code',
        entityId: after.id,
        ...diff,
      });
    }
    return toPromoCodeDto(after, (await this.codes.uses(after.id, this.clock.now(), PROMO_HOLD_LINK_HOURS)).all);
  }

  /** The plans a code names, each a plan of the catalogue; none: every plan (null). */
  private async knownPlans(ids: number[] | undefined): Promise<number[] | null> {
    if (!ids || ids.length === 0) return null;
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    const names = await this.codes.planNames(unique);
    if (names.size !== unique.length) {
      throw new ApiError(ErrorCode.VALIDATION_ERROR, { planIds: ['Uno de los planes no existe'] });
    }
    return unique;
  }

  /** A code as the audit log shows it. */
  private async snapshot(code: PromoCode) {
    const names = await this.codes.planNames(code.planIds ?? []);
    return {
      code: code.code,
      discount: code.kind === 'percent' ? `${code.value} %` : money.format(code.value / 100),
      startDate: code.validFrom,
      endDate: code.validTo,
      maxUses: code.maxUses,
      maxUsesPerClient: code.maxUsesPerClient,
      plans: code.planIds ? code.planIds.map((id) => names.get(id) ?? `#${id}`).join(', ') : 'Todos',
      newClientsOnly: code.newClientsOnly,
      active: code.active,
    };
  }
}
