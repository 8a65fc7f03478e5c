import { Module } from '@nestjs/common';
import { AdminSalaController, SalaController } from './sala.controller';
import { SalaRepository } from './sala.repository';
import { SalaService } from './sala.service';
import { SpotAssigner } from './spot-assigner';

/** The studio's room: its reformers, the instructor's place, and which reformer each reservation takes. */
@Module({
  controllers: [SalaController, AdminSalaController],
  providers: [SalaRepository, SalaService, SpotAssigner],
  exports: [SalaService, SpotAssigner],
})
export class SalaModule {}
