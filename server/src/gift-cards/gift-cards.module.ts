import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications';
import { PlanesModule } from '../planes';
import { AdminGiftCardsController } from './admin-gift-cards.controller';
import { GiftBalanceService } from './gift-balance.service';
import { GiftCardsController } from './gift-cards.controller';
import { GiftCardsRepository } from './gift-cards.repository';
import { GiftCardsService } from './gift-cards.service';

/**
 * Gift cards and the gift balance. Their checkout and payments go through PaymentsModule (the
 * gateway and the webhook), which imports this one.
 */
@Module({
  imports: [PlanesModule, NotificationsModule],
  controllers: [GiftCardsController, AdminGiftCardsController],
  providers: [GiftCardsRepository, GiftCardsService, GiftBalanceService],
  exports: [GiftCardsService, GiftBalanceService],
})
export class GiftCardsModule {}
