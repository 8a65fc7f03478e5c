import { Module } from '@nestjs/common';
import {
  AdminHealthViewsController,
  HealthProfilesController,
  MyHealthProfileController,
} from './health-profile.controller';
import { HealthProfileRepository } from './health-profile.repository';
import { HealthProfileService } from './health-profile.service';

/** The clients' health questionnaire and emergency contact, and the log of who read them. */
@Module({
  controllers: [MyHealthProfileController, HealthProfilesController, AdminHealthViewsController],
  providers: [HealthProfileRepository, HealthProfileService],
  exports: [HealthProfileService],
})
export class HealthProfileModule {}
