// operations' public surface: what the app's wiring may use.
export { OperationsModule } from './operations.module';
export { OperationsAlertsService } from './operations-alerts.service';
export { readDrillStatus, readOffsiteStatus, type OffsiteBackupStatus, type RestoreDrillStatus } from './backup-status';
