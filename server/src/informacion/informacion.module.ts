import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ReservationsModule } from '../reservations/reservations.module';
import { InformacionController } from './informacion.controller';
import { InformacionService } from './informacion.service';

/** A user's own information and classes (and, for admins, anyone's). */
@Module({
  imports: [AuthModule, ReservationsModule],
  controllers: [InformacionController],
  providers: [InformacionService],
})
export class InformacionModule {}
