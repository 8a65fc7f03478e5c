import { arcoEntities } from '../arco/entities';
import { authEntities } from '../auth/entities';
import { coreEntities } from '../core/database/core-entities';
import type { DatabaseSchema } from '../core/database/data-source-options';
import { paymentsEntities } from '../payments/entities';
import { promoCodesEntities } from '../promo-codes/entities';
import { giftCardsEntities } from '../gift-cards/entities';
import { planesEntities } from '../planes/entities';
import { reservationsEntities } from '../reservations/entities';
import { salaEntities } from '../sala/entities';
import { notificationsEntities } from '../notifications/entities';
import { instructorsEntities } from '../instructors/entities';
import { teachingEntities } from '../teaching/entities';
import { classTypesEntities } from '../class-types/entities';
import { invoicingEntities } from '../invoicing/entities';
import { legalEntities } from '../legal/entities';
import { privacyEntities } from '../privacy/entities';
import { healthProfileEntities } from '../health-profile/entities';
import { migrations } from './migrations';

/** The app's schema, handed to core's DatabaseModule: each module's entities and the migrations. */
export const schema: DatabaseSchema = {
  entities: [
    ...authEntities,
    ...planesEntities,
    ...reservationsEntities,
    ...salaEntities,
    ...instructorsEntities,
    ...teachingEntities,
    ...classTypesEntities,
    ...legalEntities,
    ...privacyEntities,
    ...arcoEntities,
    ...healthProfileEntities,
    ...paymentsEntities,
    ...promoCodesEntities,
    ...giftCardsEntities,
    ...notificationsEntities,
    ...invoicingEntities,
    ...coreEntities,
  ],
  migrations,
};
