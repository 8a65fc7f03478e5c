import { Module } from '@nestjs/common';
import { PlanesController } from './planes.controller';
import { PlanesService } from './planes.service';
import { PlansRepository } from './plans.repository';

/** The plan catalogue, the plans clients hold, and what a plan costs. */
@Module({
  controllers: [PlanesController],
  providers: [PlanesService, PlansRepository],
  exports: [PlanesService, PlansRepository],
})
export class PlanesModule {}
