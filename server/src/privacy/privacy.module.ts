import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { PaymentsModule } from '../payments';
import { ReservationsModule } from '../reservations';
import { AccountDeletionService } from './account-deletion.service';
import { DataExportService } from './data-export.service';
import { PrivacyController } from './privacy.controller';
import { PrivacyRepository } from './privacy.repository';

/** Clients' data rights: «Mis datos» (export) and «Eliminar mi cuenta» (anonymisation). */
@Module({
  imports: [AuthModule, ReservationsModule, PaymentsModule],
  controllers: [PrivacyController],
  providers: [DataExportService, AccountDeletionService, PrivacyRepository],
  exports: [DataExportService],
})
export class PrivacyModule {}
