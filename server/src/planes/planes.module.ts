import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications';
import { PlanesController } from './planes.controller';
import { PlanesService } from './planes.service';
import { PlanEndingRemindersService } from './plan-ending-reminders.service';
import { PlanRemindersRepository } from './plan-reminders.repository';
import { PlansRepository } from './plans.repository';
import { IntroOfferRepository } from './intro-offer.repository';
import { IntroOfferService } from './intro-offer.service';
import { IntroFollowupsService } from './intro-followups.service';

/** The plan catalogue, the plans clients hold, and what a plan costs. */
@Module({
  imports: [NotificationsModule],
  controllers: [PlanesController],
  providers: [
    PlanesService,
    PlansRepository,
    PlanRemindersRepository,
    PlanEndingRemindersService,
    IntroOfferRepository,
    IntroOfferService,
    IntroFollowupsService,
  ],
  exports: [PlanesService, PlanEndingRemindersService, IntroOfferService, IntroFollowupsService],
})
export class PlanesModule {}
