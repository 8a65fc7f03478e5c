import type { User } from '../../auth/entities';
import type { PlanClassTypeLine } from '../../planes';
import type { Plan } from '../../planes/entities';
import type { AdminCatalogPlanDto } from './admin-plans.dto';
import type { AdminUserRowDto } from './admin-users.dto';

export const toAdminUserRow = (user: User, counts?: { attended: number; noShow: number }): AdminUserRowDto => ({
  id: user.id,
  name: user.name,
  email: user.email,
  cumpleanos: user.birthDate,
  role: user.role,
  active: user.active ? 1 : 0,
  attended: counts?.attended ?? 0,
  noShow: counts?.noShow ?? 0,
});

export const toAdminCatalogPlan = (plan: Plan, classTypes: PlanClassTypeLine[]): AdminCatalogPlanDto => ({
  id: plan.id,
  name: plan.name,
  price: plan.priceCents / 100,
  classes: plan.classCount,
  visible: plan.visible,
  intro: plan.intro,
  kind: plan.kind,
  weeklyLimit: plan.weeklyLimit,
  classTypes: classTypes.map((type) => ({ id: type.id, name: type.name })),
});
