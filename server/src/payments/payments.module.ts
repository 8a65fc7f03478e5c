import { Module } from '@nestjs/common';
import { AppConfig } from '../core/config/app-config';
import { NotificationsModule } from '../notifications';
import { PlanesModule } from '../planes';
import { GiftCardsModule } from '../gift-cards';
import { PromoCodesModule } from '../promo-codes';
import { GiftCardCheckoutController } from './gift-card-checkout.controller';
import { ReservationsModule } from '../reservations';
import { AdminGiftCardRefundsController } from './admin-gift-card-refunds.controller';
import { AdminPaymentsController } from './admin-payments.controller';
import { DeskGiftCardsService } from './desk-gift-cards.service';
import { GiftCardRefundsService } from './gift-card-refunds.service';
import { DeskSalesController } from './desk-sales.controller';
import { DeskSalesRepository } from './desk-sales.repository';
import { DeskSalesService } from './desk-sales.service';
import { AdminMembershipsController } from './admin-memberships.controller';
import { MembershipAccountController } from './membership-account.controller';
import { MembershipAccountService } from './membership-account.service';
import { MembershipsController } from './memberships.controller';
import { MembershipsRepository } from './memberships.repository';
import { MembershipsService } from './memberships.service';
import { MercadoPagoGateway } from './mercado-pago.gateway';
import { PaymentNotificationsRepository } from './payment-notifications.repository';
import { PaymentNotificationsService } from './payment-notifications.service';
import { PaymentGateway } from './payment-gateway';
import { PaymentsController } from './payments.controller';
import { PaymentsRepository } from './payments.repository';
import { PaymentsService } from './payments.service';
import { RecordedRefundsService } from './recorded-refunds.service';
import { SimulatedGateway } from './simulated.gateway';
import { SimulatorController } from './simulator.controller';
import { WebhookVerifier } from './webhook-verifier';

/** Buying plans with Mercado Pago: checkout, notifications, return confirmation, jobs, admin refunds; desk sales (plans and gift cards); gift card refunds. */
@Module({
  imports: [PlanesModule, NotificationsModule, ReservationsModule, PromoCodesModule, GiftCardsModule],
  controllers: [
    PaymentsController,
    SimulatorController,
    AdminPaymentsController,
    DeskSalesController,
    GiftCardCheckoutController,
    AdminGiftCardRefundsController,
    MembershipsController,
    MembershipAccountController,
    AdminMembershipsController,
  ],
  providers: [
    PaymentsRepository,
    PaymentNotificationsRepository,
    PaymentsService,
    DeskSalesRepository,
    DeskSalesService,
    RecordedRefundsService,
    DeskGiftCardsService,
    GiftCardRefundsService,
    PaymentNotificationsService,
    WebhookVerifier,
    MembershipsRepository,
    MembershipsService,
    MembershipAccountService,
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
  exports: [PaymentsService, PaymentNotificationsService, PaymentGateway, MembershipsService, MembershipAccountService],
})
export class PaymentsModule {}
