import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications';
import { CertificateProbe } from './certificate-probe';
import { OperationsAlertsService } from './operations-alerts.service';
import { OperationsMetrics } from './operations-metrics';
import { OperationsRepository } from './operations.repository';

/** What the host watches: the metrics of queues, database and backups (served at /metrics by core), and the owner's alerts. */
@Module({
  imports: [NotificationsModule],
  providers: [OperationsRepository, OperationsMetrics, CertificateProbe, OperationsAlertsService],
  exports: [OperationsAlertsService],
})
export class OperationsModule {}
