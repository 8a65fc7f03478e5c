// The purchase feature's public surface: the booking and plans features and the routes use these.
export { PaymentReturn } from './components/payment-return';
export { FailedPurchases, PendingPaymentNotice, PendingPurchases } from './components/pending-purchases';
import { onDemandDialog } from '@/lib/on-demand';
import type { PurchaseDialogProps } from './components/purchase-dialog';

export type { PurchaseDialogProps };
/** The plan catalogue and checkout, loaded when it first opens (most visits to a page never open it). */
export const PurchaseDialog = onDemandDialog<PurchaseDialogProps>(() =>
  import('./components/purchase-dialog').then((module) => module.PurchaseDialog),
);
export { paymentReturnSearchSchema } from './search';
export { rememberChosenClass, type ChosenClass } from './chosen-class';
