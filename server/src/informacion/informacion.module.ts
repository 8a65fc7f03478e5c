import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module';
import { AuthModule } from '../auth/auth.module';
import { PlanesModule } from '../planes/planes.module';
import { ReservationsModule } from '../reservations/reservations.module';
import { InformacionController } from './informacion.controller';
import { InformacionService } from './informacion.service';

/** A user's own information, classes and plans (and, for admins, anyone's). */
@Module({
  imports: [AuthModule, AdminModule, ReservationsModule, PlanesModule],
  controllers: [InformacionController],
  providers: [InformacionService],
})
export class InformacionModule {}
