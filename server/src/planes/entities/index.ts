import { Plan } from './plan.entity';
import { UserPlan } from './user-plan.entity';

/** The planes module's tables, for the app's schema (server/src/database/schema.ts). */
export const planesEntities = [Plan, UserPlan];
