// "Facturas": the admin's invoices of a month (the facturas route).
export { AdminInvoices } from './components/admin-invoices';
// A purchase's invoice beside it (Usuarios, Membresías, Tarjetas de regalo): cancel or substitute it there.
export { newestByPurchase, PurchaseInvoice, usePurchaseInvoices } from './components/purchase-invoice';
export { CancelInvoiceDialog } from './components/cancel-invoice-dialog';
