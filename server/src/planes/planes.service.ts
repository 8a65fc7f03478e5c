import { Injectable } from '@nestjs/common';
import { access } from '../core/auth/access';
import type { Caller } from '../core/auth/caller';
import { Permission } from '../core/auth/permissions';
import { AppConfig } from '../core/config/app-config';
import { pageOf } from '../core/dto/pagination.dto';
import type { CataloguePlanDto } from './dto/catalogue.dto';
import type { GetUserPlanesDto, UserPlansResponseDto } from './dto/user-plans.dto';
import { toCataloguePlan, toUserPlanDto } from './dto/planes.mappers';
import { PlansRepository } from './plans.repository';

@Injectable()
export class PlanesService {
  constructor(
    private readonly plans: PlansRepository,
    private readonly config: AppConfig,
  ) {}

  /** The plans clients can buy, in the studio's order. */
  async visibleCatalogue(): Promise<CataloguePlanDto[]> {
    const plans = await this.plans.visibleCatalogue();
    const commission = { percent: this.config.commissionPercent, fixedMxn: this.config.commissionFixedMxn };
    return plans.map((plan) => toCataloguePlan(plan, commission));
  }

  /** informacion/get-planes: a client's plans, newest first; own id only, unless the caller may read users. */
  async plansOf(caller: Caller, dto: GetUserPlanesDto): Promise<Omit<UserPlansResponseDto, 'success'>> {
    const userId = dto.id ?? caller.id;
    access.require(caller, Permission.UsersRead, { ownerId: userId });
    const page = dto.pagination ?? 1;
    const limit = dto.limit ?? 5;
    const [plans, totalRecords] = await this.plans.pageOfUser(userId, { offset: (page - 1) * limit, limit });
    return { planes: plans.map(toUserPlanDto), pagination: pageOf(page, limit, totalRecords) };
  }
}
