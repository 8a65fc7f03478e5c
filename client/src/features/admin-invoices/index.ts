// "Facturas": the admin's invoices of a month (the facturas route).
export { AdminInvoices } from './components/admin-invoices';
// A purchase's invoice in Usuarios, and cancelling it there.
export { PurchaseInvoice, usePurchaseInvoices } from './components/purchase-invoice';
export { CancelInvoiceDialog } from './components/cancel-invoice-dialog';
