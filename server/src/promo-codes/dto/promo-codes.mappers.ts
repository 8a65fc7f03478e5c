import type { PromoCode } from '../entities/promo-code.entity';
import type { PromoUses } from '../promo-codes.repository';
import type { PromoCodeDto } from './promo-codes.dto';

export const toPromoCodeDto = (code: PromoCode, uses: PromoUses): PromoCodeDto => ({
  id: code.id,
  code: code.code,
  kind: code.kind,
  // Pesos at the API edge for a fixed amount, like every price the admin types.
  value: code.kind === 'fixed' ? code.value / 100 : code.value,
  validFrom: code.validFrom,
  validTo: code.validTo,
  maxUses: code.maxUses,
  maxUsesPerClient: code.maxUsesPerClient,
  planIds: code.planIds ?? [],
  newClientsOnly: code.newClientsOnly,
  active: code.active,
  used: uses.used,
  held: uses.held,
});
