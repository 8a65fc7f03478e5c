import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PlanesModule } from '../planes/planes.module';
import { ReservationsModule } from '../reservations/reservations.module';
import { AdminPlansController } from './admin-plans.controller';
import { AdminPlansService } from './admin-plans.service';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';
import { WalkInsController } from './walk-ins.controller';
import { WalkInsService } from './walk-ins.service';
import { AuditController } from './audit.controller';

/** The admin's tools: users, the plans they hold, the catalogue and the audit trail. */
@Module({
  imports: [AuthModule, ReservationsModule, PlanesModule],
  controllers: [AdminUsersController, AdminPlansController, AuditController, WalkInsController],
  providers: [AdminUsersService, AdminPlansService, WalkInsService],
  exports: [AdminUsersService],
})
export class AdminModule {}
