import { Module } from '@nestjs/common';
import { InstructorsModule } from '../instructors';
import { ReservationsModule } from '../reservations';
import { AdminCoverRequestsController } from './admin-cover-requests.controller';
import { CoverRequestsService } from './cover-requests.service';
import { TeachingController } from './teaching.controller';
import { TeachingRepository } from './teaching.repository';
import { TeachingService } from './teaching.service';

/** Teaching: an instructor's own classes at the door ("Mis clases a impartir") and their cover requests. */
@Module({
  imports: [ReservationsModule, InstructorsModule],
  controllers: [TeachingController, AdminCoverRequestsController],
  providers: [TeachingRepository, TeachingService, CoverRequestsService],
})
export class TeachingModule {}
