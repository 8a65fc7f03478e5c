import { Plan } from '../planes/entities/plan.entity';
import { UserPlan } from '../planes/entities/user-plan.entity';
import type { OpenUserPlan, PlanClassTypeLine, PlansRepository, UserPlanLine } from '../planes/plans.repository';
import { copyRow, type InMemoryDatabase } from './in-memory-database';

/** The PlansRepository methods the booking, payments, catalogue and plan rules call. */
type Used =
  | 'visibleCatalogue'
  | 'pageOfUser'
  | 'allInOrder'
  | 'byId'
  | 'lastSortOrder'
  | 'save'
  | 'userPlanById'
  | 'saveUserPlan'
  | 'visibleById'
  | 'insertPaidPlan'
  | 'revokeUnpaid'
  | 'openPlansOf'
  | 'classTypesOfPlans'
  | 'setClassTypes'
  | 'takeClass'
  | 'giveClassBack';

const catalogueOrder = (a: Plan, b: Plan) => a.sortOrder - b.sortOrder || a.id - b.id;

/**
 * PlansRepository over the in-memory tables. Reads hand out copies (an edit reaches the table only
 * through `save`), and the conditional updates keep the SQL's WHERE: a class is taken only from an
 * unrevoked plan with one left, a plan is revoked once.
 */
export class InMemoryPlansRepository implements Pick<PlansRepository, Used> {
  constructor(private readonly db: InMemoryDatabase) {}

  visibleCatalogue(): Promise<Plan[]> {
    return Promise.resolve(
      this.db.plans
        .filter((p) => p.visible)
        .sort(catalogueOrder)
        .map((p) => copyRow(p)),
    );
  }

  pageOfUser(userId: number, page: { offset: number; limit: number }): Promise<[UserPlanLine[], number]> {
    const mine = this.db.userPlans.filter((p) => p.userId === userId).sort((a, b) => b.id - a.id);
    const lines = mine.slice(page.offset, page.offset + page.limit).map((p) => ({
      id: p.id,
      planName: p.planName,
      classesTotal: p.classesTotal,
      classesRemaining: p.classesRemaining,
      startDate: p.startDate,
      endDate: p.endDate,
      isPaid: p.isPaid,
      revokedAt: p.revokedAt,
    }));
    return Promise.resolve([lines, mine.length]);
  }

  allInOrder(): Promise<Plan[]> {
    return Promise.resolve([...this.db.plans].sort(catalogueOrder).map((p) => copyRow(p)));
  }

  byId(id: number): Promise<Plan | null> {
    const plan = this.db.plans.find((p) => p.id === id);
    return Promise.resolve(plan ? copyRow(plan) : null);
  }

  lastSortOrder(): Promise<number> {
    return Promise.resolve(Math.max(0, ...this.db.plans.map((p) => p.sortOrder)));
  }

  save(plan: Plan | Partial<Plan>): Promise<Plan> {
    return Promise.resolve(
      upsert(this.db.plans, plan, () =>
        Object.assign(new Plan(), { id: this.db.nextId('plans'), visible: true, sortOrder: 0 }),
      ),
    );
  }

  userPlanById(id: number): Promise<UserPlan | null> {
    const plan = this.db.userPlans.find((p) => p.id === id);
    return Promise.resolve(plan ? copyRow(plan) : null);
  }

  saveUserPlan(plan: UserPlan | Partial<UserPlan>): Promise<UserPlan> {
    const isNew = !(plan instanceof UserPlan);
    const saved = upsert(this.db.userPlans, plan, () =>
      Object.assign(new UserPlan(), {
        id: this.db.nextId('userPlans'),
        isPaid: false,
        source: 'admin',
        revokedAt: null,
        endingReminderSentAt: null,
      }),
    );
    if (isNew) this.copyClassTypes(saved.id, saved.planId);
    return Promise.resolve(saved);
  }

  classTypesOfPlans(planIds: number[]): Promise<Map<number, PlanClassTypeLine[]>> {
    const lists = new Map<number, PlanClassTypeLine[]>();
    for (const link of this.db.planClassTypes.filter((l) => planIds.includes(l.ownerId))) {
      const type = this.db.classTypes.find((t) => t.id === link.classTypeId)!;
      lists.set(link.ownerId, [...(lists.get(link.ownerId) ?? []), { id: type.id, name: type.name }]);
    }
    return Promise.resolve(lists);
  }

  setClassTypes(planId: number, classTypeIds: number[]): Promise<void> {
    this.db.planClassTypes = [
      ...this.db.planClassTypes.filter((l) => l.ownerId !== planId),
      ...classTypeIds.map((classTypeId) => ({ ownerId: planId, classTypeId })),
    ];
    return Promise.resolve();
  }

  private copyClassTypes(userPlanId: number, planId: number | null): void {
    for (const link of this.db.planClassTypes.filter((l) => l.ownerId === planId)) {
      this.db.userPlanClassTypes.push({ ownerId: userPlanId, classTypeId: link.classTypeId });
    }
  }

  visibleById(id: number): Promise<Plan | null> {
    const plan = this.db.plans.find((p) => p.id === id && p.visible);
    return Promise.resolve(plan ? copyRow(plan) : null);
  }

  insertPaidPlan(
    values: Pick<UserPlan, 'userId' | 'planId' | 'planName' | 'classesTotal' | 'startDate' | 'endDate'>,
  ): Promise<number> {
    const plan = Object.assign(new UserPlan(), {
      id: this.db.nextId('userPlans'),
      ...values,
      classesRemaining: values.classesTotal,
      isPaid: true,
      source: 'payment',
      revokedAt: null,
      endingReminderSentAt: null,
    });
    this.db.userPlans.push(plan);
    this.copyClassTypes(plan.id, plan.planId);
    return Promise.resolve(plan.id);
  }

  revokeUnpaid(id: number, at: Date): Promise<void> {
    const plan = this.db.userPlans.find((p) => p.id === id && p.revokedAt === null);
    if (plan) Object.assign(plan, { isPaid: false, revokedAt: at });
    return Promise.resolve();
  }

  openPlansOf(userId: number): Promise<OpenUserPlan[]> {
    return Promise.resolve(
      this.db.userPlans
        .filter((p) => p.userId === userId && p.classesRemaining > 0 && p.revokedAt === null)
        .sort((a, b) => a.endDate.localeCompare(b.endDate) || a.id - b.id)
        .map((p) =>
          Object.assign(copyRow(p), {
            classTypeIds: this.db.userPlanClassTypes.filter((l) => l.ownerId === p.id).map((l) => l.classTypeId),
          }),
        ),
    );
  }

  takeClass(planId: number): Promise<boolean> {
    const plan = this.db.userPlans.find((p) => p.id === planId && p.classesRemaining > 0 && p.revokedAt === null);
    if (plan) plan.classesRemaining--;
    return Promise.resolve(plan !== undefined);
  }

  giveClassBack(planId: number): Promise<void> {
    const plan = this.db.userPlans.find((p) => p.id === planId);
    if (plan) plan.classesRemaining++;
    return Promise.resolve();
  }
}

/** TypeORM's save: updates the row with that id, or inserts a new one (defaults first); the saved row, copied. */
function upsert<T extends { id: number }>(table: T[], values: Partial<T>, create: () => T): T {
  const existing = values.id !== undefined ? table.find((row) => row.id === values.id) : undefined;
  if (existing) {
    Object.assign(existing, values);
    return copyRow(existing);
  }
  const row = create();
  const id = row.id;
  Object.assign(row, values);
  if (values.id === undefined) row.id = id;
  table.push(row);
  return copyRow(row);
}
