import { FiscalProfile } from './fiscal-profile.entity';
import { Invoice } from './invoice.entity';

export { FiscalProfile } from './fiscal-profile.entity';
export {
  CANCELLATION_STATES,
  Invoice,
  INVOICE_STATUSES,
  INVOICEABLE_KINDS,
  PURCHASE_KINDS,
  type CancellationState,
  type InvoiceableKind,
  type InvoiceStatus,
  type PurchaseKind,
} from './invoice.entity';

/** The invoicing module's tables, for the app's schema (server/src/database/schema.ts). */
export const invoicingEntities = [FiscalProfile, Invoice];
