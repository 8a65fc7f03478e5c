import type { CataloguePlanDto } from './catalogue.dto';
import type { UserPlanDto } from './user-plans.dto';
import type { Plan } from '../entities/plan.entity';
import type { PlanClassTypeLine, UserPlanLine } from '../plans.repository';
import { chargeFor } from '../pricing';

export const toCataloguePlan = (
  plan: Plan,
  commission: { percent: number; fixedMxn: number },
  classTypes: PlanClassTypeLine[],
  /** Classes a day of an unlimited membership (the owner's setting); null when no plan needs it. */
  membershipDailyLimit: number | null = null,
): CataloguePlanDto => {
  const charge = chargeFor(plan.priceCents, commission.percent, commission.fixedMxn);
  return {
    id: plan.id,
    name: plan.name,
    price: plan.priceCents / 100,
    classes: plan.classCount,
    commission: charge.commissionCents / 100,
    total: charge.totalCents / 100,
    intro: plan.intro,
    kind: plan.kind,
    weeklyLimit: plan.kind === 'membership' ? plan.weeklyLimit : null,
    dailyLimit: plan.kind === 'membership' && plan.weeklyLimit === null ? membershipDailyLimit : null,
    classTypes: classTypes.map((type) => ({ id: type.id, name: type.name })),
  };
};

export const toUserPlanDto = (plan: UserPlanLine): UserPlanDto => ({
  id: plan.id,
  plan: plan.planName,
  classes_remaining: plan.classesRemaining,
  classes_total: plan.classesTotal,
  startDate: plan.startDate,
  endDate: plan.endDate,
  is_paid: plan.isPaid ? 1 : 0,
  revoked: plan.revokedAt !== null,
  membership: plan.membership ?? false,
});
