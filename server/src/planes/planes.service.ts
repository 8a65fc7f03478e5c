import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { User } from '../auth/entities/user.entity';
import { AppConfig } from '../core/config/app-config';
import { pageOf } from '../core/dto/pagination.dto';
import { chargeFor } from '../payments/pricing';
import { ApiError, ErrorCode } from '../core/errors/api-error';
import type { CataloguePlanDto } from './dto/catalogue.dto';
import type { GetUserPlanesDto, UserPlanDto, UserPlansResponseDto } from './dto/user-plans.dto';
import { UserPlan } from './entities/user-plan.entity';
import { Plan } from './entities/plan.entity';

export const toCataloguePlan = (plan: Plan, commission: { percent: number; fixedMxn: number }): CataloguePlanDto => {
  const charge = chargeFor(plan.priceCents, commission.percent, commission.fixedMxn);
  return {
    id: plan.id,
    name: plan.name,
    price: plan.priceCents / 100,
    classes: plan.classCount,
    commission: charge.commissionCents / 100,
    total: charge.totalCents / 100,
  };
};

@Injectable()
export class PlanesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** The plans clients can buy, in the studio's order. */
  async visibleCatalogue(): Promise<CataloguePlanDto[]> {
    const plans = await this.dataSource.manager.find(Plan, {
      where: { visible: true },
      order: { sortOrder: 'ASC', id: 'ASC' },
    });
    const commission = { percent: this.config.commissionPercent, fixedMxn: this.config.commissionFixedMxn };
    return plans.map((plan) => toCataloguePlan(plan, commission));
  }

  /** informacion/get-planes: a client's plans, newest first; own id only unless admin. */
  async plansOf(caller: User, dto: GetUserPlanesDto): Promise<Omit<UserPlansResponseDto, 'success'>> {
    const userId = dto.id ?? caller.id;
    if (userId !== caller.id && caller.role !== 'admin') throw new ApiError(ErrorCode.FORBIDDEN);
    const page = dto.pagination ?? 1;
    const limit = dto.limit ?? 5;
    const [plans, totalRecords] = await this.dataSource.manager.findAndCount(UserPlan, {
      where: { userId },
      order: { id: 'DESC' },
      skip: (page - 1) * limit,
      take: limit,
    });
    return { planes: plans.map(toUserPlanDto), pagination: pageOf(page, limit, totalRecords) };
  }
}

export const toUserPlanDto = (plan: UserPlan): UserPlanDto => ({
  id: plan.id,
  plan: plan.planName,
  classes_remaining: plan.classesRemaining,
  classes_total: plan.classesTotal,
  startDate: plan.startDate,
  endDate: plan.endDate,
  is_paid: plan.isPaid ? 1 : 0,
  revoked: plan.revokedAt !== null,
});
