// "Facturas": the admin's invoices of a month (the facturas route).
export { AdminInvoices } from './components/admin-invoices';
