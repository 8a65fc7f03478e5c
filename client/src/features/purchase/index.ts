// The purchase feature's public surface: the booking and plans features and the routes use these.
export { PaidWithBalanceBanner, PaymentReturn } from './components/payment-return';
export { FailedPurchases, PendingPaymentNotice, PendingPurchases } from './components/pending-purchases';
export type { PurchaseDialogProps } from './components/purchase-dialog';
// Loaded when it first opens: the re-export keeps this file a plain list, which the bundler splits.
export { PurchaseDialog } from './purchase-dialog-on-demand';
export { paymentReturnSearchSchema } from './search';
export { rememberChosenClass, type ChosenClass } from './chosen-class';
