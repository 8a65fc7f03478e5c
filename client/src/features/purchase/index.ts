// The purchase feature's public surface: the booking and plans features and the routes use these.
export { PaymentReturn } from './components/payment-return';
export { FailedPurchases, PendingPaymentNotice, PendingPurchases } from './components/pending-purchases';
export { PurchaseDialog, type PurchaseDialogProps } from './components/purchase-dialog';
export { paymentReturnSearchSchema } from './search';
export { rememberChosenClass, type ChosenClass } from './chosen-class';
