import { Plan } from './plan.entity';
import { UserPlan } from './user-plan.entity';
import { IntroClaim } from './intro-claim.entity';
import { IntroFollowup } from './intro-followup.entity';
import { PlanClassType } from './plan-class-type.entity';
import { UserPlanClassType } from './user-plan-class-type.entity';

// The classes other modules' entities relate to (and the first-start seed fills).
export { Plan, UserPlan };
export { PLAN_KINDS, type PlanKind } from './plan.entity';

/** The planes module's tables, for the app's schema (server/src/database/schema.ts). */
export const planesEntities = [Plan, UserPlan, IntroClaim, IntroFollowup, PlanClassType, UserPlanClassType];
