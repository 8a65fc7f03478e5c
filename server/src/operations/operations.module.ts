import { Module } from '@nestjs/common';
import { OperationsMetrics } from './operations-metrics';
import { OperationsRepository } from './operations.repository';

/** What the host watches: the metrics of queues, database and backups (served at /metrics by core). */
@Module({
  providers: [OperationsRepository, OperationsMetrics],
})
export class OperationsModule {}
