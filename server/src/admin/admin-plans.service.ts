import { Injectable } from '@nestjs/common';
import type { User } from '../auth/entities';
import { UsersService } from '../auth';
import { AuditService, changedValues } from '../core/audit/audit.service';
import type { Caller } from '../core/auth/caller';
import { InTransaction } from '../core/database/in-transaction.decorator';
import { TransactionService } from '../core/database/transaction.service';
import { ApiError, ErrorCode } from '../core/errors/api-error';
import type { Plan, UserPlan } from '../planes/entities';
import { ClassTypesService } from '../class-types';
import { PlanesService } from '../planes';
import { AdminError, AdminErrorCode } from './admin.errors';
import { toAdminCatalogPlan } from './dto/admin.mappers';
import type {
  AddCatalogPlanDto,
  AddPlanAdminDto,
  AdminCatalogPlanDto,
  ChangeCatalogPlanDto,
  ChangeDataPlanDto,
} from './dto/admin-plans.dto';

const userPlanSnapshot = (plan: UserPlan) => ({
  plan: plan.planName,
  classes_remaining: plan.classesRemaining,
  startDate: plan.startDate,
  endDate: plan.endDate,
  is_paid: plan.isPaid ? 1 : 0,
});

/** A catalogue plan as the audit log shows it: its class types by name ("" for every type). */
const catalogueSnapshot = ({ kind, ...plan }: AdminCatalogPlanDto) => ({
  ...plan,
  planKind: kind,
  classTypes: plan.classTypes.map((type) => type.name).join(', '),
});

/** Pesos with up to two decimals (validated) to integer centavos, without float residue. */
const toCents = (pesos: number): number => Math.round(pesos * 100);

/** The admin's plan tools: plans given to users and the catalogue clients buy from. */
@Injectable()
export class AdminPlansService {
  constructor(
    private readonly plans: PlanesService,
    readonly transactions: TransactionService,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly classTypes: ClassTypesService,
  ) {}

  /** planes/add-plan-admin: a plan of the catalogue (visible or not) given to a user. */
  @InTransaction()
  async giveToUser(admin: Caller, dto: AddPlanAdminDto): Promise<{ user: User; plan: UserPlan }> {
    const user = await this.users.getById(dto.id_user);
    const catalogue = await this.plans.byId(dto.selectplan);
    if (!catalogue) throw new AdminError(AdminErrorCode.PLAN_NOT_FOUND);
    const plan = await this.plans.saveUserPlan({
      userId: user.id,
      planId: catalogue.id,
      planName: catalogue.name,
      // What the client started with: at least what the admin gave, so "used" never goes negative.
      classesTotal: Math.max(dto.number, catalogue.classCount),
      classesRemaining: dto.number,
      startDate: dto.startdate,
      endDate: dto.enddate,
      isPaid: dto.pagado === 1,
      source: 'admin',
      revokedAt: null,
    });
    await this.audit.record(admin, {
      action: 'user_plan.create',
      entityType: 'user_plan',
      entityId: plan.id,
      subjectUserId: user.id,
      after: userPlanSnapshot(plan),
    });
    return { user, plan };
  }

  /** admin/change-data-plan: classes remaining, dates and the paid flag; the dates stay in order. */
  @InTransaction()
  async changeUserPlan(admin: Caller, dto: ChangeDataPlanDto): Promise<UserPlan> {
    const plan = await this.plans.userPlanById(dto.id_plan);
    if (!plan) throw new AdminError(AdminErrorCode.USER_PLAN_NOT_FOUND);
    const before = userPlanSnapshot(plan);
    const startDate = dto.dateInit ?? plan.startDate;
    const endDate = dto.dateEnd ?? plan.endDate;
    if (endDate < startDate) {
      const field = dto.dateEnd !== undefined ? 'dateEnd' : 'dateInit';
      throw new ApiError(ErrorCode.VALIDATION_ERROR, {
        [field]: [
          field === 'dateEnd'
            ? 'La fecha de término debe ser igual o posterior a la de inicio'
            : 'La fecha de inicio debe ser igual o anterior a la de término',
        ],
      });
    }
    plan.startDate = startDate;
    plan.endDate = endDate;
    if (dto.clases !== undefined) {
      plan.classesRemaining = dto.clases;
      plan.classesTotal = Math.max(plan.classesTotal, dto.clases);
    }
    if (dto.paid !== undefined) plan.isPaid = dto.paid === 1;
    const saved = await this.plans.saveUserPlan(plan);
    const diff = changedValues(before, userPlanSnapshot(saved));
    if (diff) {
      await this.audit.record(admin, {
        action: 'user_plan.update',
        entityType: 'user_plan',
        entityId: saved.id,
        subjectUserId: saved.userId,
        ...diff,
      });
    }
    return saved;
  }

  /** Every plan of the catalogue, hidden ones too, in the order clients see them. */
  async catalogue(): Promise<AdminCatalogPlanDto[]> {
    const plans = await this.plans.allInOrder();
    const types = await this.plans.classTypesOfPlans(plans.map((plan) => plan.id));
    return plans.map((plan) => toAdminCatalogPlan(plan, types.get(plan.id) ?? []));
  }

  @InTransaction()
  async addToCatalogue(admin: Caller, dto: AddCatalogPlanDto): Promise<AdminCatalogPlanDto> {
    const classTypeIds = await this.knownClassTypes(dto.classTypeIds ?? []);
    const saved = await this.plans.save({
      name: dto.name,
      priceCents: toCents(dto.price),
      // A membership books by the week, not from a count of classes.
      classCount: dto.kind === 'membership' ? 0 : dto.classes,
      kind: dto.kind ?? 'pack',
      weeklyLimit: dto.kind === 'membership' ? (dto.weeklyLimit ?? null) : null,
      visible: true,
      intro: dto.intro ?? false,
      sortOrder: (await this.plans.lastSortOrder()) + 1,
    });
    await this.plans.setClassTypes(saved.id, classTypeIds);
    const plan = await this.withClassTypes(saved);
    await this.audit.record(admin, {
      action: 'plan.create',
      entityType: 'plan',
      entityId: plan.id,
      after: catalogueSnapshot(plan),
    });
    return plan;
  }

  /**
   * Name, price and class count of a catalogue plan. Plans already given keep the name and
   * classes they were given with; purchases under way keep the price they were created with.
   */
  @InTransaction()
  async changeInCatalogue(admin: Caller, dto: ChangeCatalogPlanDto): Promise<AdminCatalogPlanDto> {
    const plan = await this.findPlan(dto.id);
    const before = catalogueSnapshot(await this.withClassTypes(plan));
    // Plans already sold keep the types they were sold with (user_plan_class_types).
    if (dto.classTypeIds !== undefined) {
      await this.plans.setClassTypes(plan.id, await this.knownClassTypes(dto.classTypeIds));
    }
    if (dto.name !== undefined) plan.name = dto.name;
    if (dto.price !== undefined) plan.priceCents = toCents(dto.price);
    if (dto.classes !== undefined && plan.kind === 'pack') plan.classCount = dto.classes;
    if (dto.weeklyLimit !== undefined && plan.kind === 'membership') plan.weeklyLimit = dto.weeklyLimit;
    if (dto.intro !== undefined) plan.intro = dto.intro;
    const saved = await this.withClassTypes(await this.plans.save(plan));
    const diff = changedValues(before, catalogueSnapshot(saved));
    if (diff) {
      await this.audit.record(admin, {
        action: 'plan.update',
        entityType: 'plan',
        entityId: plan.id,
        // The plan's name as it was, for the audit page, whether it changed or not.
        before: { name: before.name, ...diff.before },
        after: diff.after,
      });
    }
    return saved;
  }

  /** Hides a plan from the plans page and checkout (or shows it again); nothing else changes. */
  @InTransaction()
  async setVisible(admin: Caller, id: number, visible: boolean): Promise<AdminCatalogPlanDto> {
    const plan = await this.findPlan(id);
    if (plan.visible === visible) return this.withClassTypes(plan);
    plan.visible = visible;
    const saved = await this.plans.save(plan);
    await this.audit.record(admin, {
      action: visible ? 'plan.show' : 'plan.hide',
      entityType: 'plan',
      entityId: plan.id,
      // The plan's name, for the audit page.
      before: { visible: !visible, name: plan.name },
      after: { visible },
    });
    return this.withClassTypes(saved);
  }

  private async withClassTypes(plan: Plan): Promise<AdminCatalogPlanDto> {
    return toAdminCatalogPlan(plan, (await this.plans.classTypesOfPlans([plan.id])).get(plan.id) ?? []);
  }

  /** The ids of existing class types, each once (400 CLASS_TYPE_NOT_AVAILABLE for an unknown one). */
  private async knownClassTypes(ids: number[]): Promise<number[]> {
    return (await this.classTypes.existing(ids)).map((type) => type.id);
  }

  private async findPlan(id: number): Promise<Plan> {
    const plan = await this.plans.byId(id);
    if (!plan) throw new AdminError(AdminErrorCode.PLAN_NOT_FOUND);
    return plan;
  }
}
