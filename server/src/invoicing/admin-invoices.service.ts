import { Injectable } from '@nestjs/common';
import { toCsv, type CsvValue } from '../admin';
import type { InvoiceableKind, InvoiceStatus } from './entities';
import { AdminInvoiceDto, GlobalPurchaseDto, InvoiceDto, toInvoiceDto } from './dto/invoicing.dto';
import { InvoicingRepository, type InvoiceRow } from './invoicing.repository';
import { InvoicingService, IVA_RATE, type InvoiceCustomer, type ManualCancellationMotive } from './invoicing.service';
import type { Invoice } from './entities';

const CSV_HEADER = [
  'Factura',
  'Estado',
  'Serie',
  'Folio',
  'UUID',
  'Fecha de emisión',
  'RFC',
  'Nombre o razón social',
  'Régimen',
  'Uso CFDI',
  'Forma de pago',
  'Compra',
  'Subtotal',
  'IVA',
  'Total',
  'Cancelada',
  'Motivo de cancelación',
  'Revisar (cancelada en otro mes)',
  'Sustituye al UUID (relación 04)',
];

const STATUS_NAMES: Record<InvoiceStatus, string> = {
  pending: 'Pendiente',
  issued: 'Emitida',
  failed: 'Con error',
  cancelled: 'Cancelada',
};

/** The CSV's «Compra» column: what kind of purchase, then its id. */
const PURCHASE_LABELS: Record<InvoiceableKind, string> = {
  payment: 'Plan',
  gift_card: 'Tarjeta de regalo',
  membership: 'Membresía',
};

const money = (cents: number): string => (cents / 100).toFixed(2);

/** The admin page "Facturas". */
@Injectable()
export class AdminInvoicesService {
  constructor(
    private readonly invoicing: InvoicingService,
    private readonly invoices: InvoicingRepository,
  ) {}

  async list(month: string, status?: InvoiceStatus): Promise<AdminInvoiceDto[]> {
    return this.withPurchases(await this.invoicing.ofPeriod(month, status));
  }

  /** A client's invoices, for their purchases in Usuarios (cancel one from the purchase it invoices). */
  async ofUser(userId: number): Promise<AdminInvoiceDto[]> {
    return this.withPurchases(await this.invoices.ofUserWithName(userId));
  }

  /** The invoices of a page of purchases (gift cards in «Tarjetas de regalo»): cancel or substitute one from its purchase. */
  async ofPurchases(kind: InvoiceableKind, ids: number[]): Promise<AdminInvoiceDto[]> {
    return this.withPurchases(await this.invoices.ofPurchasesWithName(kind, ids));
  }

  /** Each invoice with its client, its purchase (refunded or not) and its queue state. */
  private async withPurchases(rows: InvoiceRow[]): Promise<AdminInvoiceDto[]> {
    const out: AdminInvoiceDto[] = [];
    for (const { invoice, clientName } of rows) {
      const purchase = await this.invoicing.purchaseOf(invoice);
      out.push({
        ...toInvoiceDto(invoice),
        clientName,
        purchaseRefunded: purchase !== null && (!purchase.approved || purchase.refundedCents > 0),
        purchaseDescription: purchase?.description ?? null,
        purchaseApprovedAt: purchase?.approvedAt?.toISOString() ?? null,
        attempts: invoice.attempts,
        nextAttemptAt: invoice.status === 'pending' ? invoice.nextAttemptAt.toISOString() : null,
      });
    }
    return out;
  }

  async globalPreview(
    month: string,
  ): Promise<{ month: string; totalCents: number; purchases: GlobalPurchaseDto[]; invoice: InvoiceDto | null }> {
    const purchases = await this.invoicing.globalPurchases(month);
    const invoice = await this.invoices.byPurchase('global', Number(month.replace('-', '')));
    return {
      month,
      totalCents: purchases.reduce((sum, p) => sum + p.totalCents, 0),
      purchases: purchases.map((p) => ({
        kind: p.kind,
        id: p.id,
        description: p.description,
        totalCents: p.totalCents,
        paymentForm: p.form,
        approvedAt: p.approvedAt?.toISOString() ?? null,
      })),
      invoice: invoice ? toInvoiceDto(invoice) : null,
    };
  }

  retry(id: number): Promise<Invoice> {
    return this.invoicing.retry(id);
  }

  cancel(id: number, motive: ManualCancellationMotive): Promise<Invoice> {
    return this.invoicing.cancel(id, motive);
  }

  substitute(id: number, data: InvoiceCustomer): Promise<Invoice> {
    return this.invoicing.substitute(id, data);
  }

  /** The accountant's CSV: every invoice of the month, IVA broken out of the total (16 % included). */
  async exportCsv(month: string): Promise<{ filename: string; body: string }> {
    const invoices = (await this.invoicing.ofPeriod(month)).map((row) => row.invoice);
    // A substitute names the UUID it replaced (of the same sale, so nearly always of the same month).
    const uuids = new Map(invoices.map((i) => [i.id, i.uuid]));
    for (const i of invoices)
      if (i.replacesId !== null && !uuids.has(i.replacesId))
        uuids.set(i.replacesId, (await this.invoices.byId(i.replacesId))?.uuid ?? null);
    const rows: CsvValue[][] = invoices.map((i) => {
      const subtotal = Math.round(i.totalCents / (1 + IVA_RATE));
      return [
        i.id,
        STATUS_NAMES[i.status],
        i.series,
        i.folioNumber,
        i.uuid,
        i.issuedAt?.toISOString() ?? null,
        i.rfc,
        i.legalName,
        i.taxSystem,
        i.cfdiUse,
        i.paymentForm,
        i.purchaseKind === 'global' ? `Global ${i.period}` : `${PURCHASE_LABELS[i.purchaseKind]} ${i.purchaseId}`,
        money(subtotal),
        money(i.totalCents - subtotal),
        money(i.totalCents),
        i.cancelledAt?.toISOString() ?? null,
        i.cancelMotive,
        i.needsAccountant ? 'Sí' : 'No',
        i.replacesId === null ? null : (uuids.get(i.replacesId) ?? null),
      ];
    });
    return { filename: `facturas-${month}.csv`, body: toCsv(CSV_HEADER, rows) };
  }
}
