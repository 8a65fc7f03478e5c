import { Module } from '@nestjs/common';
import { AdminModule } from '../admin';
import { AuthModule } from '../auth';
import { NotificationsModule } from '../notifications';
import { PlanesModule } from '../planes';
import { ReservationsModule } from '../reservations';
import { SalaModule } from '../sala';
import { InformacionController } from './informacion.controller';
import { InformacionService } from './informacion.service';
import { PlanHistoryRepository } from './plan-history.repository';
import { PlanHistoryService } from './plan-history.service';

/** A user's own information, classes and plans (and, for admins, anyone's). */
@Module({
  imports: [AuthModule, AdminModule, ReservationsModule, PlanesModule, SalaModule, NotificationsModule],
  controllers: [InformacionController],
  providers: [InformacionService, PlanHistoryService, PlanHistoryRepository],
})
export class InformacionModule {}
