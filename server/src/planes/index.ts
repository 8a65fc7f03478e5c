// planes' public surface: what other modules and the app's wiring may use. Its entity classes are
// the other entry, ./entities (see docs/architecture.md, "Server layers").
export { PlanesModule } from './planes.module';
export { PlanesController } from './planes.controller';
export { PlanesService } from './planes.service';
export { PLAN_ENDING_DAYS, PlanEndingRemindersService } from './plan-ending-reminders.service';
export { chargeFor, type Charge } from './pricing';
export { IntroOfferService } from './intro-offer.service';
export { IntroFollowupsService } from './intro-followups.service';
export { GetUserPlanesDto, UserPlanDto, UserPlansResponseDto } from './dto/user-plans.dto';
export { toUserPlanDto } from './dto/planes.mappers';
export type { OpenUserPlan, PlanClassTypeLine } from './plans.repository';
export { PlanClassTypeDto } from './dto/catalogue.dto';
