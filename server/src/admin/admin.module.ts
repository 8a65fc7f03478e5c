import { Module } from '@nestjs/common';
import { ArcoModule } from '../arco';
import { AuthModule } from '../auth';
import { ClassTypesModule } from '../class-types';
import { InstructorsModule } from '../instructors';
import { NotificationsModule } from '../notifications';
import { PlanesModule } from '../planes';
import { ReservationsModule } from '../reservations';
import { AdminPlansController } from './admin-plans.controller';
import { AdminPlansService } from './admin-plans.service';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';
import { WalkInsController } from './walk-ins.controller';
import { WalkInsService } from './walk-ins.service';
import { ForgiveController } from './forgive.controller';
import { AuditController } from './audit.controller';
import { DashboardController } from './dashboard.controller';
import { DashboardRepository } from './dashboard.repository';
import { DashboardService } from './dashboard.service';
import { InstructorPayController, MyPayController } from './instructor-pay.controller';
import { InstructorPayRepository } from './instructor-pay.repository';
import { InstructorPayService } from './instructor-pay.service';

/** The admin's tools: users, the plans they hold, the catalogue, the audit trail, the owner's dashboard and the instructors' pay. */
@Module({
  imports: [
    ArcoModule,
    AuthModule,
    ReservationsModule,
    PlanesModule,
    InstructorsModule,
    ClassTypesModule,
    NotificationsModule,
  ],
  controllers: [
    AdminUsersController,
    AdminPlansController,
    AuditController,
    DashboardController,
    WalkInsController,
    ForgiveController,
    InstructorPayController,
    MyPayController,
  ],
  providers: [
    AdminUsersService,
    AdminPlansService,
    DashboardService,
    DashboardRepository,
    WalkInsService,
    InstructorPayRepository,
    InstructorPayService,
  ],
  exports: [AdminUsersService],
})
export class AdminModule {}
