import { Injectable, Logger } from '@nestjs/common';
import { addMonths, formatLongDate } from '@pilates/dates';
import { FacturapiError } from 'facturapi';
import { access } from '../core/auth/access';
import type { Caller } from '../core/auth/caller';
import { Permission } from '../core/auth/permissions';
import { Clock } from '../core/clock/clock';
import { AppConfig } from '../core/config/app-config';
import { TransactionService } from '../core/database/transaction.service';
import { ApiError, ErrorCode } from '../core/errors/api-error';
import { StudioSettingsService } from '../core/settings/studio-settings.service';
import type { StudioSettings } from '../core/settings/studio-settings';
import { PaymentGateway } from '../payments';
import { INVOICEABLE_KINDS, type FiscalProfile, type Invoice, type InvoiceableKind } from './entities';
import { invoiceDeadline, periodOf, previousPeriod, withinInvoiceWindow } from './invoice-window';
import { InvoiceError, InvoiceErrorCode } from './invoicing.errors';
import { InvoicingRepository, type InvoiceablePurchase } from './invoicing.repository';
import {
  InvoicingGateway,
  type CancellationMotive,
  type CfdiCancellation,
  type CfdiItem,
  type CfdiRequest,
} from './invoicing-gateway';
import { paymentFormOf } from './payment-form';
import { checkRfc, RFC_PUBLIC } from './rfc';
import { taxSystemFits, useAllowed } from './sat-catalogues';

/** The client's fiscal data as the form sends it. */
export interface FiscalData {
  rfc: string;
  legalName: string;
  taxSystem: string;
  zip: string;
  cfdiUse: string;
  email: string;
  autoInvoice: boolean;
}

export const FISCAL_MESSAGES = {
  rfc: 'El RFC no es válido',
  taxSystemKind:
    'Ese régimen fiscal no corresponde a una persona física con RFC de 13 caracteres ni a una moral de 12.',
  cfdiUse: 'Ese uso del CFDI no está permitido para el régimen fiscal elegido.',
} as const;

/** The customer's part of an invoice: the fiscal data without the choice of automatic invoicing. */
export type InvoiceCustomer = Omit<FiscalData, 'autoInvoice'>;

/** The motives an admin cancels with; 01 (with a substitute) is the substitution's own, not chosen by hand. */
export type ManualCancellationMotive = '02' | '03';

/** Issuing attempts before an invoice is given up and shown as failed (about a day of retries). */
export const INVOICE_MAX_ATTEMPTS = 8;
const CLAIM_MS = 2 * 60_000;
const MINUTE = 60_000;
/** A replaced invoice's cancellation after a failure, and a cancellation awaiting the receiver, are looked at again after this. */
const CANCELLATION_RECHECK_MS = 15 * MINUTE;
/** 1, 4, 16, 64 minutes, then every 4 hours. */
export const invoiceRetryDelayMs = (attempts: number): number => Math.min(4 ** (attempts - 1), 240) * MINUTE;

/** IVA, included in every price. */
export const IVA_RATE = 0.16;

/** Facturapi's path of a refused field → the field of "Datos de facturación" the client fixes. */
const FIELD_OF_PATH: Record<string, keyof FiscalData> = {
  'customer.tax_id': 'rfc',
  'customer.legal_name': 'legalName',
  'customer.tax_system': 'taxSystem',
  'customer.address.zip': 'zip',
  'customer.email': 'email',
  use: 'cfdiUse',
};

const PUBLIC_NAME = 'PUBLICO EN GENERAL';

const pesos = (cents: number): number => Math.round(cents) / 100;
const monthId = (period: string): number => Number(period.replace('-', ''));

/**
 * Whether an individual invoice keeps its sale out of the global one: issued or under way. A
 * replaced invoice is cancelled (01) only once its substitute is issued, which then covers the sale.
 */
const coversItsSale = (invoice: Invoice): boolean => invoice.status === 'issued' || invoice.status === 'pending';

/** 'septiembre de 2026': the month of a period, as a sentence names it (the long date of its 1st, without the day). */
const monthOfPeriod = (period: string): string => formatLongDate(`${period}-01`).replace(/^1 de /, '');

/** Why a month's invoice still retrying when its window closed was given up. */
const windowClosedReason = (period: string): string =>
  `Terminó el plazo para facturar sin poder timbrarla: la venta va en la factura global de ${monthOfPeriod(period)}.`;

@Injectable()
export class InvoicingService {
  private readonly logger = new Logger('Invoicing');

  constructor(
    private readonly invoices: InvoicingRepository,
    private readonly gateway: InvoicingGateway,
    private readonly payments: PaymentGateway,
    private readonly settings: StudioSettingsService,
    private readonly transactions: TransactionService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  fiscalDataOf(userId: number): Promise<FiscalProfile | null> {
    return this.invoices.profileOf(userId);
  }

  /**
   * Saves "Datos de facturación": each field checked (the DTO did the formats), then what depends
   * on another field: the régimen must fit a person or a company, the uso must be allowed for the régimen.
   */
  async saveFiscalData(userId: number, data: FiscalData): Promise<FiscalProfile> {
    const customer = this.checkCustomer(data);
    return this.transactions.run(() =>
      this.invoices.saveProfile(userId, { ...customer, autoInvoice: data.autoInvoice }),
    );
  }

  /** Fiscal data checked across fields and written as the SAT has it (the RFC and name in capitals). */
  private checkCustomer(data: InvoiceCustomer): InvoiceCustomer {
    const rfc = checkRfc(data.rfc);
    if (!rfc.valid) throw new ApiError(ErrorCode.VALIDATION_ERROR, { rfc: [FISCAL_MESSAGES.rfc] });
    const errors: Record<string, string[]> = {};
    // The generic RFC (a client with no RFC of their own) is a person's, under 616.
    if (!taxSystemFits(data.taxSystem, rfc.kind)) errors.taxSystem = [FISCAL_MESSAGES.taxSystemKind];
    else if (!useAllowed(data.cfdiUse, data.taxSystem, rfc.kind)) errors.cfdiUse = [FISCAL_MESSAGES.cfdiUse];
    if (Object.keys(errors).length > 0) throw new ApiError(ErrorCode.VALIDATION_ERROR, errors);
    return {
      rfc: rfc.rfc,
      legalName: data.legalName.trim().replace(/\s+/g, ' ').toUpperCase(),
      taxSystem: data.taxSystem,
      zip: data.zip,
      cfdiUse: data.cfdiUse,
      email: data.email,
    };
  }

  /** A client's invoices (or, for whoever reads payments, anyone's). */
  async invoicesOf(caller: Caller, userId: number): Promise<Invoice[]> {
    access.require(caller, Permission.PaymentsRead, { ownerId: userId });
    return this.invoices.ofUser(userId);
  }

  /** The caller's paid purchases of this month and the last, each with its invoice and whether it may be asked for. */
  async recentPurchasesOf(
    userId: number,
  ): Promise<{ purchase: InvoiceablePurchase; invoice: Invoice | null; canRequest: boolean }[]> {
    const now = this.clock.now();
    const tz = this.config.studioTimeZone;
    const settings = await this.settings.current();
    const since = invoiceDeadline(previousPeriod(previousPeriod(periodOf(now, tz))), 0, tz);
    const purchases = (await this.invoices.purchasesApprovedBetween(since, new Date(now.getTime() + 1)))
      .filter((p) => p.userId === userId && p.approved)
      .reverse();
    const invoices = await this.invoices.ofUser(userId);
    return purchases.map((purchase) => {
      const invoice = invoices.find((i) => i.purchaseKind === purchase.kind && i.purchaseId === purchase.id) ?? null;
      const open =
        purchase.refundedCents === 0 && withinInvoiceWindow(purchase.approvedAt!, now, settings.invoiceGraceDays, tz);
      return { purchase, invoice, canRequest: open && (invoice === null || invoice.status === 'failed') };
    });
  }

  /**
   * "Solicitar factura": queues the invoice of an approved purchase within its window, with the
   * client's fiscal data as it is now. One invoice per purchase: a second request (a double click,
   * another replica) answers the same row. A refused one is queued again with the corrected data.
   */
  async requestInvoice(caller: Caller, kind: InvoiceableKind, purchaseId: number): Promise<Invoice> {
    const purchase = await this.invoices.purchase(kind, purchaseId);
    if (!purchase) throw new InvoiceError(InvoiceErrorCode.INVOICE_PURCHASE_NOT_FOUND);
    access.require(caller, Permission.PaymentsRead, { ownerId: purchase.userId });
    const settings = await this.settings.current();
    const now = this.clock.now();
    if (!purchase.approved || !purchase.approvedAt || purchase.refundedCents > 0)
      throw new InvoiceError(InvoiceErrorCode.INVOICE_PURCHASE_NOT_APPROVED);
    if (!withinInvoiceWindow(purchase.approvedAt, now, settings.invoiceGraceDays, this.config.studioTimeZone))
      throw new InvoiceError(InvoiceErrorCode.INVOICE_WINDOW_CLOSED);
    const profile = await this.invoices.profileOf(purchase.userId);
    if (!profile) throw new InvoiceError(InvoiceErrorCode.INVOICE_FISCAL_DATA_MISSING);
    return this.transactions.run(async () => {
      await this.invoices.insertOnce(this.newInvoice(purchase, profile, now));
      // The purchase's newest invoice: its own, or the substitute of it.
      const invoice = (await this.invoices.byPurchase(purchase.kind, purchase.id))!;
      if (invoice.status === 'cancelled') throw new InvoiceError(InvoiceErrorCode.INVOICE_CANCELLED);
      if (invoice.status === 'failed') {
        // Asked again after a refusal: with the data as it is now, from the start.
        await this.invoices.transition(invoice.id, ['failed'], {
          ...this.customerOf(profile),
          status: 'pending',
          attempts: 0,
          nextAttemptAt: now,
          claimedUntil: null,
          lastError: null,
          errorField: null,
        });
        return (await this.invoices.byId(invoice.id))!;
      }
      return invoice;
    });
  }

  private customerOf(
    profile: InvoiceCustomer,
  ): Pick<Invoice, 'rfc' | 'legalName' | 'taxSystem' | 'zip' | 'cfdiUse' | 'email'> {
    return {
      rfc: profile.rfc,
      legalName: profile.legalName,
      taxSystem: profile.taxSystem,
      zip: profile.zip,
      cfdiUse: profile.cfdiUse,
      email: profile.email,
    };
  }

  private newInvoice(
    purchase: InvoiceablePurchase,
    profile: FiscalProfile,
    now: Date,
  ): Partial<Invoice> & Pick<Invoice, 'purchaseKind' | 'purchaseId'> {
    return {
      purchaseKind: purchase.kind,
      purchaseId: purchase.id,
      userId: purchase.userId,
      period: periodOf(purchase.approvedAt!, this.config.studioTimeZone),
      status: 'pending',
      totalCents: purchase.totalCents,
      ...this.customerOf(profile),
      attempts: 0,
      nextAttemptAt: now,
    };
  }

  /**
   * "Facturar mis compras automáticamente": the approved purchases of those who chose it, still
   * in their window and without an invoice, are queued. Runs before each issuing round, so an
   * approval is invoiced within the minute (a membership's charge once it counted).
   */
  async queueAutomatic(): Promise<number> {
    const users = new Set(await this.invoices.autoInvoiceUsers());
    if (users.size === 0) return 0;
    const now = this.clock.now();
    const settings = await this.settings.current();
    const tz = this.config.studioTimeZone;
    // The window reaches back at most to the start of last month (with the grace days).
    const since = invoiceDeadline(previousPeriod(previousPeriod(periodOf(now, tz))), 0, tz);
    const purchases = (await this.invoices.purchasesApprovedBetween(since, new Date(now.getTime() + 1))).filter(
      (p) =>
        users.has(p.userId) &&
        p.approved &&
        p.refundedCents === 0 &&
        withinInvoiceWindow(p.approvedAt!, now, settings.invoiceGraceDays, tz),
    );
    let queued = 0;
    for (const kind of INVOICEABLE_KINDS) {
      const ofKind = purchases.filter((p) => p.kind === kind);
      const invoiced = new Set(
        (
          await this.invoices.byPurchases(
            kind,
            ofKind.map((p) => p.id),
          )
        ).map((i) => i.purchaseId),
      );
      for (const purchase of ofKind.filter((p) => !invoiced.has(p.id))) {
        const profile = await this.invoices.profileOf(purchase.userId);
        if (!profile) continue;
        await this.transactions.run(() => this.invoices.insertOnce(this.newInvoice(purchase, profile, now)));
        queued++;
      }
    }
    return queued;
  }

  /**
   * The invoices job (every minute): automatic ones queued, then what is due issued, then the
   * cancellations due (replaced invoices, and those awaiting the receiver). How many were issued.
   */
  async issueDue(): Promise<number> {
    await this.queueAutomatic();
    const now = this.clock.now();
    let issued = 0;
    for (const invoice of await this.invoices.due(now, 20)) {
      if (await this.issue(invoice.id)) issued++;
    }
    for (const invoice of await this.invoices.cancellationsDue(this.clock.now(), 20)) {
      await this.advanceCancellation(invoice.id);
    }
    return issued;
  }

  /** One attempt at one invoice, if this process claims it. True when it was stamped. */
  async issue(id: number): Promise<boolean> {
    const now = this.clock.now();
    if (!(await this.invoices.claim(id, now, new Date(now.getTime() + CLAIM_MS)))) return false;
    const invoice = (await this.invoices.byId(id))!;
    const settings = await this.settings.current();
    try {
      const body = await this.bodyOf(invoice, settings);
      const stamped = await this.gateway.createInvoice(body);
      await this.invoices.transition(id, ['pending'], {
        status: 'issued',
        providerId: stamped.id,
        uuid: stamped.uuid,
        series: stamped.series,
        folioNumber: stamped.folio_number,
        paymentForm: body.payment_form,
        totalCents: Math.round(stamped.total * 100),
        issuedAt: this.clock.now(),
        claimedUntil: null,
        lastError: null,
        errorField: null,
        attempts: invoice.attempts + 1,
      });
      if (invoice.email) await this.sendByEmail(stamped.id, invoice.email);
      // A substitute: the invoice it replaces is cancelled now with 01 (the job retries a failure).
      if (invoice.replacesId) await this.advanceCancellation(invoice.replacesId);
      return true;
    } catch (error) {
      await this.failed(invoice, error);
      return false;
    }
  }

  /** The PAC mails the PDF and XML to the client's address for invoices (Facturapi's own mail). */
  private async sendByEmail(providerId: string, email: string): Promise<void> {
    try {
      await this.gateway.sendByEmail(providerId, email);
    } catch (error) {
      // The invoice stands; the client downloads it from Mis planes.
      this.logger.warn(`La factura ${providerId} no se pudo enviar por correo: ${(error as Error).message}`);
    }
  }

  private async failed(invoice: Invoice, error: unknown): Promise<void> {
    const attempts = invoice.attempts + 1;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    // Facturapi refused the data (4xx other than a rate limit): retrying the same body cannot help.
    // A refused key (401, 403) is the studio's to fix, not the client's data: retried like an outage.
    const refused =
      error instanceof FacturapiError &&
      error.status >= 400 &&
      error.status < 500 &&
      ![401, 403, 429].includes(error.status);
    const field = refused && error.path ? (FIELD_OF_PATH[error.path] ?? error.path.slice(0, 20)) : null;
    const givenUp = refused || attempts >= INVOICE_MAX_ATTEMPTS;
    if (!refused) this.logger.warn(`Factura ${invoice.id}: intento ${attempts} falló: ${message}`);
    await this.invoices.transition(invoice.id, ['pending'], {
      status: givenUp ? 'failed' : 'pending',
      attempts,
      nextAttemptAt: new Date(this.clock.now().getTime() + invoiceRetryDelayMs(attempts)),
      claimedUntil: null,
      lastError: message,
      errorField: field,
    });
  }

  /** Facturapi's body for an invoice: the studio's keys and series, IVA included, PUE. */
  private async bodyOf(invoice: Invoice, settings: StudioSettings): Promise<CfdiRequest> {
    const customer = {
      legal_name: invoice.legalName,
      tax_id: invoice.rfc,
      tax_system: invoice.taxSystem,
      ...(invoice.email ? { email: invoice.email } : {}),
      address: { zip: invoice.zip },
    };
    const line = (description: string, cents: number, productKey: string, unitKey: string): CfdiItem => ({
      quantity: 1,
      product: {
        description,
        product_key: productKey,
        unit_key: unitKey,
        price: pesos(cents),
        tax_included: true,
        taxes: [{ type: 'IVA', rate: IVA_RATE }],
      },
    });
    const replaced = invoice.replacesId ? await this.invoices.byId(invoice.replacesId) : null;
    const base = {
      customer,
      payment_method: 'PUE' as const,
      use: invoice.cfdiUse,
      series: settings.invoiceSeries,
      // A retry after a lost answer gets the invoice already stamped, not a second one.
      idempotency_key: `pilates-invoice-${invoice.id}`,
      // A substitute names the CFDI it replaces (relation 04), which the SAT asks of a cancellation with 01.
      ...(replaced?.uuid ? { related_documents: [{ relationship: '04' as const, documents: [replaced.uuid] }] } : {}),
    };
    if (invoice.purchaseKind === 'global') {
      const purchases = await this.globalPurchases(invoice.period);
      const [year, month] = invoice.period.split('-');
      return {
        ...base,
        // The SAT's rule for global invoices: one line per sale, key 01010101, unit ACT.
        items: purchases.map((p) => line(`Venta ${p.reference ?? p.id}`, p.totalCents, '01010101', 'ACT')),
        payment_form: this.predominantForm(purchases),
        global: { periodicity: 'month', months: month, year: Number(year) },
      };
    }
    const purchase = await this.invoices.purchase(invoice.purchaseKind, invoice.purchaseId);
    if (!purchase) throw new Error(`purchase ${invoice.purchaseKind} ${invoice.purchaseId} is gone`);
    return {
      ...base,
      items: [
        line(
          `${settings.invoiceDescription} · ${purchase.detail}`,
          invoice.totalCents,
          settings.invoiceProductKey,
          settings.invoiceUnitKey,
        ),
      ],
      payment_form: await this.paymentFormOf(purchase),
    };
  }

  private async paymentFormOf(purchase: InvoiceablePurchase): Promise<string> {
    if (purchase.method !== 'mercado_pago' || !purchase.providerPaymentId) return paymentFormOf(purchase.method, null);
    const provider = await this.payments.getPayment(purchase.providerPaymentId);
    return paymentFormOf('mercado_pago', provider?.paymentType);
  }

  /** The global invoice's forma de pago: the one of the largest amount (the SAT asks for the predominant one). */
  private predominantForm(purchases: (InvoiceablePurchase & { form: string })[]): string {
    const byForm = new Map<string, number>();
    for (const p of purchases) byForm.set(p.form, (byForm.get(p.form) ?? 0) + p.totalCents);
    return [...byForm.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '01';
  }

  /**
   * The purchases of a month that go into its global invoice: approved, not refunded, and without
   * an individual invoice issued or under way. A refused one never issued goes in, and so does one
   * cancelled without a substitute (02, 03): the sale stands with no CFDI of its own. When the
   * global invoice is queued, the month's invoices still retrying are closed first (queueGlobal).
   */
  async globalPurchases(period: string): Promise<(InvoiceablePurchase & { form: string })[]> {
    const tz = this.config.studioTimeZone;
    // [the month's first instant, the next month's first instant), in studio time.
    const monthStart = invoiceDeadline(previousPeriod(period), 0, tz);
    const monthEnd = invoiceDeadline(period, 0, tz);
    const purchases = (await this.invoices.purchasesApprovedBetween(monthStart, monthEnd)).filter(
      (p) => p.approved && p.refundedCents === 0,
    );
    const out: (InvoiceablePurchase & { form: string })[] = [];
    for (const kind of INVOICEABLE_KINDS) {
      const ofKind = purchases.filter((p) => p.kind === kind);
      const individual = new Set(
        (
          await this.invoices.byPurchases(
            kind,
            ofKind.map((p) => p.id),
          )
        )
          .filter((i) => coversItsSale(i))
          .map((i) => i.purchaseId),
      );
      for (const p of ofKind.filter((q) => !individual.has(q.id)))
        out.push({ ...p, form: await this.paymentFormOf(p) });
    }
    return out.sort((a, b) => (a.approvedAt?.getTime() ?? 0) - (b.approvedAt?.getTime() ?? 0));
  }

  /**
   * The global-invoice job (hourly): once the window of last month has closed, its global invoice
   * is queued, once (its row is the month's). The month's individual invoices still retrying are
   * closed first (failed, their sales go in the global one); one being stamped at that moment makes
   * the job wait for its next run. Returns 1 when it queued one.
   */
  async queueGlobal(): Promise<number> {
    const now = this.clock.now();
    const tz = this.config.studioTimeZone;
    const settings = await this.settings.current();
    const period = previousPeriod(periodOf(now, tz));
    if (now.getTime() < invoiceDeadline(period, settings.invoiceGraceDays, tz).getTime()) return 0;
    if (await this.invoices.byPurchase('global', monthId(period))) return 0;
    const closed = await this.invoices.closePendingOfPeriod(period, now, windowClosedReason(period));
    if (closed > 0) this.logger.log(`Factura global ${period}: ${closed} facturas sin timbrar pasan a la global.`);
    if (await this.invoices.pendingInPeriod(period)) return 0;
    const purchases = await this.globalPurchases(period);
    if (purchases.length === 0) return 0;
    await this.transactions.run(() =>
      this.invoices.insertOnce({
        purchaseKind: 'global',
        purchaseId: monthId(period),
        userId: null,
        period,
        status: 'pending',
        totalCents: purchases.reduce((sum, p) => sum + p.totalCents, 0),
        rfc: RFC_PUBLIC,
        legalName: PUBLIC_NAME,
        taxSystem: '616',
        zip: settings.invoiceZip,
        cfdiUse: 'S01',
        email: null,
        attempts: 0,
        nextAttemptAt: now,
      }),
    );
    return 1;
  }

  /**
   * A sale invoiced in an earlier month and refunded (or charged back) since: its invoice is flagged
   * for the accountant (that month is declared already) when the hourly job sees the refund, before
   * anyone cancels the CFDI. Looks back a year. How many were flagged.
   */
  async flagLateRefunds(): Promise<number> {
    const current = periodOf(this.clock.now(), this.config.studioTimeZone);
    const since = addMonths(`${current}-01`, -12).slice(0, 7);
    const invoices = await this.invoices.issuedUnflagged(since, current);
    const flagged: number[] = [];
    for (const kind of INVOICEABLE_KINDS) {
      const ofKind = invoices.filter((i) => i.purchaseKind === kind);
      const refunded = new Set(
        (
          await this.invoices.purchasesOf(
            kind,
            ofKind.map((i) => i.purchaseId),
          )
        )
          .filter((p) => !p.approved || p.refundedCents > 0)
          .map((p) => p.id),
      );
      flagged.push(...ofKind.filter((i) => refunded.has(i.purchaseId)).map((i) => i.id));
    }
    await this.invoices.flagForAccountant(flagged);
    return flagged.length;
  }

  /** An invoice's PDF or XML, for its client or whoever reads payments. */
  async download(caller: Caller, id: number, format: 'pdf' | 'xml'): Promise<{ body: Buffer; filename: string }> {
    const invoice = await this.invoices.byId(id);
    if (!invoice) throw new InvoiceError(InvoiceErrorCode.INVOICE_NOT_FOUND);
    if (invoice.userId === null) access.require(caller, Permission.PaymentsRead);
    else access.require(caller, Permission.PaymentsRead, { ownerId: invoice.userId });
    if (!invoice.providerId) throw new InvoiceError(InvoiceErrorCode.INVOICE_NOT_ISSUED);
    try {
      const body =
        format === 'pdf'
          ? await this.gateway.downloadPdf(invoice.providerId)
          : await this.gateway.downloadXml(invoice.providerId);
      return { body, filename: `factura-${invoice.series ?? 'F'}${invoice.folioNumber ?? invoice.id}.${format}` };
    } catch (error) {
      this.logger.warn(`Descarga de la factura ${id}: ${(error as Error).message}`);
      throw new InvoiceError(InvoiceErrorCode.INVOICE_PAC_UNAVAILABLE);
    }
  }

  /**
   * "Reintentar" (admin): a failed or waiting invoice is queued again now; not a sale whose month's
   * global invoice exists (it went in there).
   */
  async retry(id: number): Promise<Invoice> {
    const invoice = await this.invoices.byId(id);
    if (!invoice) throw new InvoiceError(InvoiceErrorCode.INVOICE_NOT_FOUND);
    if (
      invoice.purchaseKind !== 'global' &&
      invoice.replacesId === null &&
      (await this.invoices.byPurchase('global', monthId(invoice.period)))
    ) {
      throw new InvoiceError(
        InvoiceErrorCode.INVOICE_NOT_RETRYABLE,
        'El plazo para facturar esta venta terminó: va en la factura global de su mes.',
      );
    }
    const moved = await this.invoices.transition(id, ['failed', 'pending'], {
      status: 'pending',
      attempts: 0,
      nextAttemptAt: this.clock.now(),
      claimedUntil: null,
    });
    if (!moved) throw new InvoiceError(InvoiceErrorCode.INVOICE_NOT_RETRYABLE);
    return (await this.invoices.byId(id))!;
  }

  /**
   * Cancels an issued CFDI at the SAT through the PAC: 02 (errors without a substitute) by default,
   * 03 (the operation did not happen). A substitute with corrected data is `substitute`'s, whose
   * stamping cancels the replaced one with 01. When the receiver must accept it, the invoice stays
   * issued with its cancellation pending, followed by the invoices job.
   */
  async cancel(id: number, motive: ManualCancellationMotive): Promise<Invoice> {
    const invoice = await this.invoices.byId(id);
    if (!invoice) throw new InvoiceError(InvoiceErrorCode.INVOICE_NOT_FOUND);
    if (invoice.status !== 'issued' || !invoice.providerId) throw new InvoiceError(InvoiceErrorCode.INVOICE_NOT_ISSUED);
    if (invoice.cancellationStatus === 'pending') throw new InvoiceError(InvoiceErrorCode.INVOICE_CANCELLATION_PENDING);
    await this.refuseWhileSubstituted(invoice);
    let answer: CfdiCancellation;
    try {
      answer = await this.gateway.cancelInvoice(invoice.providerId, motive);
    } catch (error) {
      if (error instanceof FacturapiError && error.status < 500)
        throw new InvoiceError(InvoiceErrorCode.INVOICE_PAC_REFUSED, error.message);
      throw new InvoiceError(InvoiceErrorCode.INVOICE_PAC_UNAVAILABLE);
    }
    await this.recordCancellation(invoice, motive, answer);
    return (await this.invoices.byId(id))!;
  }

  /**
   * An invoice whose substitute is queued or stamped is cancelled by the substitution (01), not by
   * hand; unless the receiver rejected that cancellation, when the admin decides what follows.
   */
  private async refuseWhileSubstituted(invoice: Invoice): Promise<void> {
    if (!invoice.replacedById || invoice.cancellationStatus === 'rejected') return;
    const replacement = await this.invoices.byId(invoice.replacedById);
    if (replacement && (replacement.status === 'pending' || replacement.status === 'issued'))
      throw new InvoiceError(InvoiceErrorCode.INVOICE_BEING_SUBSTITUTED);
  }

  /**
   * What the PAC answered to a cancellation: cancelled (flagged for the accountant when its month
   * is closed); or still valid while the receiver decides (looked at again by the job); or refused
   * by the receiver (it stands; the admin sees why).
   */
  private async recordCancellation(invoice: Invoice, motive: CancellationMotive, answer: CfdiCancellation) {
    const now = this.clock.now();
    if (answer.status === 'canceled') {
      await this.invoices.transition(invoice.id, ['issued'], {
        status: 'cancelled',
        cancelledAt: now,
        cancelMotive: motive,
        cancellationStatus: null,
        claimedUntil: null,
        lastError: null,
        needsAccountant: invoice.needsAccountant || invoice.period < periodOf(now, this.config.studioTimeZone),
      });
    } else if (answer.cancellation_status === 'rejected') {
      await this.invoices.transition(invoice.id, ['issued'], {
        cancelMotive: motive,
        cancellationStatus: 'rejected',
        claimedUntil: null,
        lastError: 'El receptor rechazó la cancelación ante el SAT: la factura sigue vigente.',
      });
    } else {
      await this.invoices.transition(invoice.id, ['issued'], {
        cancelMotive: motive,
        cancellationStatus: 'pending',
        claimedUntil: null,
        lastError: null,
        nextAttemptAt: new Date(now.getTime() + CANCELLATION_RECHECK_MS),
      });
    }
  }

  /**
   * One step of a cancellation the job carries on, if this process claims the invoice: a replaced
   * invoice whose substitute is stamped is cancelled with 01 (the substitute named); one awaiting the
   * receiver is asked for again. A failure (the PAC down) is tried again in 15 minutes.
   */
  async advanceCancellation(id: number): Promise<void> {
    const now = this.clock.now();
    if (!(await this.invoices.claim(id, now, new Date(now.getTime() + CLAIM_MS), 'issued'))) return;
    const invoice = (await this.invoices.byId(id))!;
    try {
      if (invoice.cancellationStatus === 'pending') {
        await this.recordCancellation(
          invoice,
          invoice.cancelMotive as CancellationMotive,
          await this.gateway.cancellationOf(invoice.providerId!),
        );
        return;
      }
      const replacement = invoice.replacedById ? await this.invoices.byId(invoice.replacedById) : null;
      if (invoice.cancellationStatus !== null || replacement?.status !== 'issued' || !replacement.providerId) {
        await this.invoices.update(id, { claimedUntil: null });
        return;
      }
      const answer = await this.gateway.cancelInvoice(invoice.providerId!, '01', replacement.providerId);
      await this.recordCancellation(invoice, '01', answer);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 400);
      this.logger.warn(`Cancelación de la factura ${id}: ${message}`);
      await this.invoices.transition(id, ['issued'], {
        claimedUntil: null,
        lastError: `No se pudo cancelar; se reintenta en 15 minutos: ${message}`,
        nextAttemptAt: new Date(this.clock.now().getTime() + CANCELLATION_RECHECK_MS),
      });
    }
  }

  /**
   * «Sustituir factura»: an issued invoice is re-issued with the corrected data as the
   * purchase's next revision, related to it (04); once stamped, the old one is cancelled with 01.
   * The data also becomes the client's "Datos de facturación" (their next invoices carry it). A
   * substitute the PAC refused is queued again with the new data; one queued or stamped refuses a
   * second (double clicks and replicas: the unique keys decide).
   */
  async substitute(id: number, data: InvoiceCustomer): Promise<Invoice> {
    const invoice = await this.invoices.byId(id);
    if (!invoice) throw new InvoiceError(InvoiceErrorCode.INVOICE_NOT_FOUND);
    if (invoice.status !== 'issued' || invoice.purchaseKind === 'global' || invoice.userId === null)
      throw new InvoiceError(
        InvoiceErrorCode.INVOICE_NOT_ISSUED,
        'Solo se sustituye una factura emitida a un cliente (la global no se sustituye aquí).',
      );
    if (invoice.cancellationStatus === 'pending') throw new InvoiceError(InvoiceErrorCode.INVOICE_CANCELLATION_PENDING);
    await this.refuseWhileSubstituted(invoice);
    const customer = this.checkCustomer(data);
    const userId = invoice.userId;
    const now = this.clock.now();
    const profile = await this.invoices.profileOf(userId);
    const queue = { status: 'pending' as const, attempts: 0, nextAttemptAt: now, claimedUntil: null };
    return this.transactions.run(async () => {
      const failed = invoice.replacedById ? await this.invoices.byId(invoice.replacedById) : null;
      let replacement: Invoice;
      if (failed) {
        // The substitute the PAC refused: again, with the corrected data.
        const moved = await this.invoices.transition(failed.id, ['failed'], {
          ...this.customerOf(customer),
          ...queue,
          lastError: null,
          errorField: null,
        });
        if (!moved) throw new InvoiceError(InvoiceErrorCode.INVOICE_BEING_SUBSTITUTED);
        replacement = (await this.invoices.byId(failed.id))!;
      } else {
        replacement = await this.invoices.insertOnce({
          purchaseKind: invoice.purchaseKind,
          purchaseId: invoice.purchaseId,
          revision: invoice.revision + 1,
          replacesId: invoice.id,
          userId,
          period: invoice.period,
          totalCents: invoice.totalCents,
          ...this.customerOf(customer),
          ...queue,
        });
        // Another request made it first: its substitute stands.
        if (replacement.replacesId !== invoice.id || !(await this.invoices.markReplaced(invoice.id, replacement.id)))
          throw new InvoiceError(InvoiceErrorCode.INVOICE_BEING_SUBSTITUTED);
      }
      // A cancellation the receiver rejected earlier: the substitution asks for it again (01).
      if (invoice.cancellationStatus === 'rejected')
        await this.invoices.transition(invoice.id, ['issued'], { cancellationStatus: null, lastError: null });
      await this.invoices.saveProfile(userId, { ...customer, autoInvoice: profile?.autoInvoice ?? false });
      return replacement;
    });
  }

  /** A month's invoices for the admin page. */
  ofPeriod(period: string, status?: Invoice['status']) {
    return this.invoices.ofPeriod(period, status);
  }

  /** Whether a purchase was refunded (the admin page offers "Cancelar" on its invoice). */
  async purchaseOf(invoice: Invoice): Promise<InvoiceablePurchase | null> {
    if (invoice.purchaseKind === 'global') return null;
    return this.invoices.purchase(invoice.purchaseKind, invoice.purchaseId);
  }
}
