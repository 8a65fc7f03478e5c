import { Module } from '@nestjs/common';
import { AdminPromoCodesController } from './admin-promo-codes.controller';
import { PromoCodesAdminService } from './promo-codes-admin.service';
import { PromoCodesRepository } from './promo-codes.repository';
import { PromoCodesService } from './promo-codes.service';

/** Promo codes: checked and held at checkout (PaymentsModule), managed by admins ("Promociones"). */
@Module({
  controllers: [AdminPromoCodesController],
  providers: [PromoCodesRepository, PromoCodesService, PromoCodesAdminService],
  exports: [PromoCodesService],
})
export class PromoCodesModule {}
