import type { AdminInvoiceDto } from '@/api/generated/model';

/** An issued invoice of a plan purchase (#12), as POST /api/admin/invoices answers it: the invoice tests' base (Facturas, Usuarios, Membresías). */
export const issuedInvoice: AdminInvoiceDto = {
  id: 7,
  purchaseKind: 'payment',
  purchaseId: 12,
  period: '2026-11',
  status: 'issued',
  totalCents: 120000,
  paymentForm: '04',
  rfc: 'GODE561231GR8',
  legalName: 'EMILIO GOMEZ DIAZ',
  uuid: '5d1a6b3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  series: 'F',
  folioNumber: 15,
  lastError: null,
  errorField: null,
  issuedAt: '2026-11-23T18:00:00.000Z',
  cancelledAt: null,
  cancelMotive: null,
  needsAccountant: false,
  clientName: 'Emilio Gómez',
  purchaseRefunded: false,
  purchaseDescription: 'Plan Ocho Clases (8 clases de Pilates Reformer)',
  purchaseApprovedAt: '2026-11-23T17:00:00.000Z',
  attempts: 1,
  nextAttemptAt: null,
};
