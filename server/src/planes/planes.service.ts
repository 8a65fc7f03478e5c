import { Injectable } from '@nestjs/common';
import { access } from '../core/auth/access';
import type { Caller } from '../core/auth/caller';
import { Permission } from '../core/auth/permissions';
import { AppConfig } from '../core/config/app-config';
import { StudioSettingsService } from '../core/settings/studio-settings.service';
import { pageOf } from '../core/dto/pagination.dto';
import type { CataloguePlanDto } from './dto/catalogue.dto';
import type { GetUserPlanesDto, UserPlansResponseDto } from './dto/user-plans.dto';
import { toCataloguePlan, toUserPlanDto } from './dto/planes.mappers';
import type { Plan } from './entities/plan.entity';
import type { UserPlan } from './entities/user-plan.entity';
import { PlansRepository, type OpenUserPlan, type PlanClassTypeLine } from './plans.repository';
import { IntroOfferService } from './intro-offer.service';

/**
 * The catalogue and the plans clients hold. Besides its own reads, it is how other modules (admin's
 * plan tools, payments, booking) reach the plans' statements: those methods hand the call to
 * PlansRepository as they are, so they run on the caller's ambient transaction.
 */
@Injectable()
export class PlanesService {
  constructor(
    private readonly plans: PlansRepository,
    private readonly config: AppConfig,
    private readonly intro: IntroOfferService,
    private readonly settings: StudioSettingsService,
  ) {}

  /**
   * The plans clients can buy, in the studio's order. Intro plans ("Solo primera vez") are shown to
   * visitors and to clients who may still buy them, hidden from everyone else.
   */
  async visibleCatalogue(caller: Caller | null = null): Promise<CataloguePlanDto[]> {
    let plans = await this.plans.visibleCatalogue();
    if (caller && plans.some((plan) => plan.intro) && !(await this.intro.isEligible(caller.id))) {
      plans = plans.filter((plan) => !plan.intro);
    }
    const commission = { percent: this.config.commissionPercent, fixedMxn: this.config.commissionFixedMxn };
    const types = await this.plans.classTypesOfPlans(plans.map((plan) => plan.id));
    const dailyLimit = plans.some((plan) => plan.kind === 'membership' && plan.weeklyLimit === null)
      ? (await this.settings.current()).membershipDailyLimit
      : null;
    return plans.map((plan) => toCataloguePlan(plan, commission, types.get(plan.id) ?? [], dailyLimit));
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

  // Catalogue plans (admin's plan tools, checkout).

  /** Every plan of the catalogue, hidden ones too, in the order clients see them. */
  allInOrder(): Promise<Plan[]> {
    return this.plans.allInOrder();
  }

  byId(id: number): Promise<Plan | null> {
    return this.plans.byId(id);
  }

  /** A plan of the catalogue clients can buy. */
  visibleById(id: number): Promise<Plan | null> {
    return this.plans.visibleById(id);
  }

  /** The catalogue plans' class types (by plan id; a plan absent from the map takes every type). */
  classTypesOfPlans(planIds: number[]): Promise<Map<number, PlanClassTypeLine[]>> {
    return this.plans.classTypesOfPlans(planIds);
  }

  /** Limits a catalogue plan to these class types (none: every type). Plans already sold keep theirs. */
  setClassTypes(planId: number, classTypeIds: number[]): Promise<void> {
    return this.plans.setClassTypes(planId, classTypeIds);
  }

  /** The highest sort position in the catalogue (0 when empty). */
  lastSortOrder(): Promise<number> {
    return this.plans.lastSortOrder();
  }

  /** Inserts a catalogue plan or saves the changes of a loaded one. */
  save(plan: Plan | Partial<Plan>): Promise<Plan> {
    return this.plans.save(plan);
  }

  // Plans clients hold (admin's plan tools, payments, booking).

  userPlanById(id: number): Promise<UserPlan | null> {
    return this.plans.userPlanById(id);
  }

  /** Inserts a plan given to a user or saves the changes of a loaded one. */
  saveUserPlan(plan: UserPlan | Partial<UserPlan>): Promise<UserPlan> {
    return this.plans.saveUserPlan(plan);
  }

  /** A plan a payment created; its id. */
  insertPaidPlan(
    values: Pick<UserPlan, 'userId' | 'planId' | 'planName' | 'classesTotal' | 'startDate' | 'endDate'>,
  ): Promise<number> {
    return this.plans.insertPaidPlan(values);
  }

  /** A membership's plan now covers up to `endDate` (a later charge paid another period). */
  setEndDate(id: number, endDate: string): Promise<void> {
    return this.plans.setEndDate(id, endDate);
  }

  /** A refunded or charged-back plan: unpaid and revoked (it books no more), once. */
  revokeUnpaid(id: number, at: Date): Promise<void> {
    return this.plans.revokeUnpaid(id, at);
  }

  /** A user's unrevoked plans with classes left, the one that ends soonest first, then the oldest; with their class types. */
  openPlansOf(userId: number): Promise<OpenUserPlan[]> {
    return this.plans.openPlansOf(userId);
  }

  /** Takes one class from a plan, only while it has one left and is not revoked. */
  takeClass(planId: number): Promise<boolean> {
    return this.plans.takeClass(planId);
  }

  /** Gives a class back to the plan it came from. */
  giveClassBack(planId: number): Promise<void> {
    return this.plans.giveClassBack(planId);
  }

  /** Gives a class back only to a plan still valid on `today` (not ended, not revoked); false otherwise. */
  giveClassBackIfValid(planId: number, today: string): Promise<boolean> {
    return this.plans.giveClassBackIfValid(planId, today);
  }
}
