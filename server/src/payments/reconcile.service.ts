import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { PaymentsService } from './payments.service';

/** Every 5 minutes: purchases left open are asked about (or expired); safe on several replicas. */
@Injectable()
export class ReconcileService {
  private readonly logger = new Logger('Reconcile');

  constructor(private readonly payments: PaymentsService) {}

  @Cron(CronExpression.EVERY_5_MINUTES, { name: 'reconcile-payments' })
  async run(): Promise<void> {
    try {
      const changed = await this.payments.reconcile();
      if (changed > 0) this.logger.log(`${changed} pagos conciliados`);
    } catch (error) {
      this.logger.error(`La conciliación falló: ${(error as Error).message}`);
    }
  }
}
