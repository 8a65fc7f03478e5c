import { LegalConsent } from './legal-consent.entity';
import { LegalDocument } from './legal-document.entity';
import { MarketingConsent } from './marketing-consent.entity';

export { LegalConsent, LegalDocument, MarketingConsent };

/** The legal module's tables, for the app's schema (server/src/database/schema.ts). */
export const legalEntities = [LegalDocument, LegalConsent, MarketingConsent];
