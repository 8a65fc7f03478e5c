import { Module } from '@nestjs/common';
import { PromoCodesRepository } from './promo-codes.repository';
import { PromoCodesService } from './promo-codes.service';

/** Promo codes: checked and held at checkout (PaymentsModule), managed by admins ("Promociones"). */
@Module({
  providers: [PromoCodesRepository, PromoCodesService],
  exports: [PromoCodesService],
})
export class PromoCodesModule {}
