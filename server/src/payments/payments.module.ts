import { Module } from '@nestjs/common';
import { AppConfig } from '../core/config/app-config';
import { AdminPaymentsController } from './admin-payments.controller';
import { MercadoPagoGateway } from './mercado-pago.gateway';
import { PaymentNotificationsService } from './payment-notifications.service';
import { PaymentGateway } from './payment-gateway';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { ReconcileService } from './reconcile.service';
import { SimulatedGateway } from './simulated.gateway';
import { SimulatorController } from './simulator.controller';
import { WebhookVerifier } from './webhook-verifier';

/** Buying plans with Mercado Pago: checkout, notifications, return confirmation, jobs, admin refunds. */
@Module({
  controllers: [PaymentsController, SimulatorController, AdminPaymentsController],
  providers: [
    PaymentsService,
    PaymentNotificationsService,
    ReconcileService,
    WebhookVerifier,
    {
      provide: PaymentGateway,
      inject: [AppConfig],
      // Production requires MP_ACCESS_TOKEN (config refuses to start without it).
      useFactory: (config: AppConfig): PaymentGateway =>
        config.mercadoPagoAccessToken
          ? new MercadoPagoGateway(config.mercadoPagoAccessToken)
          : new SimulatedGateway(
              (reference) => `${config.appUrl.replace(/\/$/, '')}/api/mercadopago/simulador/${reference}`,
            ),
    },
  ],
  exports: [PaymentsService],
})
export class PaymentsModule {}
