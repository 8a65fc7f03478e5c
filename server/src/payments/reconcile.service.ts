import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { PaymentsService } from './payments.service';

/** The payment jobs; each claims its rows, so they are safe on several replicas. */
@Injectable()
export class ReconcileService {
  private readonly logger = new Logger('Reconcile');

  constructor(private readonly payments: PaymentsService) {}

  /** Every 5 minutes: purchases left open are asked about (or expired). */
  @Cron(CronExpression.EVERY_5_MINUTES, { name: 'reconcile-payments' })
  async run(): Promise<void> {
    try {
      const changed = await this.payments.reconcile();
      if (changed > 0) this.logger.log(`${changed} pagos conciliados`);
    } catch (error) {
      this.logger.error(`La conciliación falló: ${(error as Error).message}`);
    }
  }

  /** Every night: approved payments of the last 180 days are read again (missed refunds, chargebacks). */
  @Cron(CronExpression.EVERY_DAY_AT_4AM, { name: 'recheck-approved-payments' })
  async recheck(): Promise<void> {
    try {
      const checked = await this.payments.recheckApproved();
      this.logger.log(`${checked} pagos aprobados revisados de nuevo`);
    } catch (error) {
      this.logger.error(`La revisión diaria de pagos falló: ${(error as Error).message}`);
    }
  }
}
