import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { InformacionController } from './informacion.controller';
import { InformacionService } from './informacion.service';

/** A user's own information (and, for admins, anyone's). Classes and plans lists arrive with booking and plans. */
@Module({
  imports: [AuthModule],
  controllers: [InformacionController],
  providers: [InformacionService],
})
export class InformacionModule {}
