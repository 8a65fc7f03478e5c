import { randomBytes, randomUUID } from 'node:crypto';
import { FacturapiError } from 'facturapi';
import { checkRfc, RFC_PUBLIC } from './rfc';
import { cfdiUseOf, taxSystemFits, taxSystemOf, useAllowed } from './sat-catalogues';
import type { CancellationMotive, CfdiCancellation, CfdiRequest, IssuedCfdi } from './invoicing-gateway';
import { InvoicingGateway } from './invoicing-gateway';

const PAYMENT_FORMS = new Set([
  '01',
  '02',
  '03',
  '04',
  '05',
  '06',
  '08',
  '12',
  '13',
  '14',
  '15',
  '17',
  '23',
  '24',
  '25',
  '26',
  '27',
  '28',
  '29',
  '30',
  '31',
  '99',
]);

interface Stored {
  invoice: IssuedCfdi;
  body: CfdiRequest;
  issuedAt: Date;
  cancellation: { status: 'none' | 'pending' | 'accepted' | 'rejected'; motive?: string; substitution?: string };
}

/** Facturapi's answer to a body it refuses: 400 with the path of the field (as the SDK throws it). */
const refusal = (path: string, message: string): FacturapiError =>
  new FacturapiError({ status: 400, message, path, errors: [{ path, message }] });

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Facturapi without an account: the same checks of the receiver that the PAC makes against the SAT's
 * catalogues (RFC, régimen for a person or a company, uso allowed for the régimen, código postal,
 * the global invoice's period), Facturapi's answers (an id, a UUID, series and folio) and a PDF and
 * an XML to download. Kept in memory: the development server's and the tests' own.
 */
export class SimulatedFacturapi extends InvoicingGateway {
  readonly simulated = true;
  readonly testMode = true;
  private readonly invoices = new Map<string, Stored>();
  private readonly byKey = new Map<string, string>();
  private folio = 0;
  /** Tests: the next calls fail as an outage would (HTTP 503), so the queue retries. */
  outages = 0;
  /** The invoices mailed, with the address (Facturapi sends the PDF and XML itself). */
  readonly mailed: { id: string; email: string }[] = [];
  /**
   * Tests: cancellations wait for the receiver's answer (the SAT asks for it above $1,000 MXN to a
   * named receiver), settled by `answerCancellation`. Off: cancelled at once, as below that amount.
   */
  acceptanceRequired = false;

  validate(body: CfdiRequest): void {
    const { customer } = body;
    const rfc = checkRfc(customer.tax_id);
    if (!rfc.valid) throw refusal('customer.tax_id', 'El RFC del receptor no es válido.');
    if (!customer.legal_name.trim())
      throw refusal('customer.legal_name', 'El nombre o razón social del receptor es obligatorio.');
    if (
      /\b(S\.?\s?A\.?|S\.?\s?de\s?R\.?L\.?)(\s|$)/i.test(customer.legal_name) &&
      /de\s+C\.?\s?V\.?\s*$/i.test(customer.legal_name)
    )
      throw refusal(
        'customer.legal_name',
        'El nombre del receptor debe ir sin el régimen societario (por ejemplo, sin "S.A. de C.V.").',
      );
    if (!/^\d{5}$/.test(customer.address.zip))
      throw refusal('customer.address.zip', 'El código postal del domicilio fiscal del receptor no es válido.');
    if (!taxSystemOf(customer.tax_system) || !taxSystemFits(customer.tax_system, rfc.kind))
      throw refusal('customer.tax_system', 'El régimen fiscal no corresponde al tipo de persona del RFC.');
    if (!cfdiUseOf(body.use) || !useAllowed(body.use, customer.tax_system))
      throw refusal('use', 'El uso del CFDI no está permitido para el régimen fiscal del receptor.');
    for (const related of body.related_documents ?? []) {
      if (related.relationship !== '04' || related.documents.length === 0)
        throw refusal('related_documents', 'La relación con los CFDI previos no es válida.');
      for (const uuid of related.documents)
        if (![...this.invoices.values()].some((stored) => stored.invoice.uuid === uuid))
          throw refusal('related_documents', `El CFDI relacionado ${uuid} no existe.`);
    }
    if (!PAYMENT_FORMS.has(body.payment_form)) throw refusal('payment_form', 'La forma de pago no es válida.');
    if (body.payment_method === 'PUE' && body.payment_form === '99')
      throw refusal('payment_form', 'Con método de pago PUE la forma de pago no puede ser "Por definir".');
    if (rfc.rfc === RFC_PUBLIC && customer.legal_name !== 'PUBLICO EN GENERAL' && body.global)
      throw refusal('customer.legal_name', 'La factura global debe ir a nombre de PUBLICO EN GENERAL.');
    if (body.global && (rfc.rfc !== RFC_PUBLIC || body.use !== 'S01' || customer.tax_system !== '616'))
      throw refusal('global', 'La factura global se emite a XAXX010101000, régimen 616 y uso S01.');
    if (body.items.length === 0) throw refusal('items', 'La factura debe tener al menos un concepto.');
    for (const [index, item] of body.items.entries()) {
      if (!/^\d{8}$/.test(item.product.product_key))
        throw refusal(`items.${index}.product.product_key`, 'La clave de producto o servicio no es válida.');
      if (!/^[A-Z0-9]{2,3}$/.test(item.product.unit_key))
        throw refusal(`items.${index}.product.unit_key`, 'La clave de unidad no es válida.');
      if (!(item.product.price > 0)) throw refusal(`items.${index}.product.price`, 'El precio debe ser mayor a 0.');
    }
  }

  async createInvoice(body: CfdiRequest): Promise<IssuedCfdi> {
    if (this.outages > 0) {
      this.outages -= 1;
      throw new FacturapiError({ status: 503, message: 'Servicio no disponible temporalmente.' });
    }
    const known = body.idempotency_key ? this.byKey.get(body.idempotency_key) : undefined;
    if (known) return this.invoices.get(known)!.invoice;
    this.validate(body);
    const total = Math.round(body.items.reduce((sum, item) => sum + item.quantity * item.product.price, 0) * 100) / 100;
    const invoice: IssuedCfdi = {
      id: randomBytes(12).toString('hex'),
      uuid: randomUUID().toUpperCase(),
      status: 'valid',
      series: body.series ?? 'F',
      folio_number: ++this.folio,
      total,
    };
    this.invoices.set(invoice.id, { invoice, body, issuedAt: new Date(), cancellation: { status: 'none' } });
    if (body.idempotency_key) this.byKey.set(body.idempotency_key, invoice.id);
    return invoice;
  }

  private stored(id: string): Stored {
    const found = this.invoices.get(id);
    if (!found) throw new FacturapiError({ status: 404, message: `No se encontró la factura con id ${id}` });
    return found;
  }

  /** What was sent for an invoice (tests read the body the PAC got). */
  bodyOf(id: string): CfdiRequest {
    return this.stored(id).body;
  }

  async downloadXml(id: string): Promise<Buffer> {
    const { invoice, body } = this.stored(id);
    const lines = body.items
      .map(
        (item) =>
          `<cfdi:Concepto ClaveProdServ="${item.product.product_key}" ClaveUnidad="${item.product.unit_key}" Cantidad="${item.quantity}" Descripcion="${escapeXml(item.product.description)}" Importe="${item.product.price.toFixed(2)}"/>`,
      )
      .join('');
    const global = body.global
      ? `<cfdi:InformacionGlobal Periodicidad="04" Meses="${body.global.months}" Año="${body.global.year}"/>`
      : '';
    const related = (body.related_documents ?? [])
      .map(
        (r) =>
          `<cfdi:CfdiRelacionados TipoRelacion="${r.relationship}">${r.documents.map((uuid) => `<cfdi:CfdiRelacionado UUID="${uuid}"/>`).join('')}</cfdi:CfdiRelacionados>`,
      )
      .join('');
    return Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Serie="${escapeXml(invoice.series)}" Folio="${invoice.folio_number}" FormaPago="${body.payment_form}" MetodoPago="${body.payment_method}" Total="${invoice.total.toFixed(2)}" Moneda="MXN" TipoDeComprobante="I">${global}${related}<cfdi:Receptor Rfc="${body.customer.tax_id}" Nombre="${escapeXml(body.customer.legal_name)}" DomicilioFiscalReceptor="${body.customer.address.zip}" RegimenFiscalReceptor="${body.customer.tax_system}" UsoCFDI="${body.use}"/><cfdi:Conceptos>${lines}</cfdi:Conceptos><cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" UUID="${invoice.uuid}"/></cfdi:Complemento></cfdi:Comprobante>\n`,
      'utf8',
    );
  }

  async downloadPdf(id: string): Promise<Buffer> {
    const { invoice, body } = this.stored(id);
    // A one-page PDF that says what it is: enough for a viewer to open and a test to read.
    const text = `Factura ${invoice.series}-${invoice.folio_number} (simulada) UUID ${invoice.uuid} ${body.customer.tax_id} Total ${invoice.total.toFixed(2)} MXN`;
    const stream = `BT /F1 10 Tf 40 780 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ];
    let pdf = '%PDF-1.4\n';
    const offsets: number[] = [];
    objects.forEach((object, index) => {
      offsets.push(pdf.length);
      pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    });
    const xref = pdf.length;
    pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
    pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.from(pdf, 'latin1');
  }

  async cancelInvoice(id: string, motive: CancellationMotive, substitution?: string): Promise<CfdiCancellation> {
    if (this.outages > 0) {
      this.outages -= 1;
      throw new FacturapiError({ status: 503, message: 'Servicio no disponible temporalmente.' });
    }
    const stored = this.stored(id);
    if (motive === '01') {
      const substitute = substitution ? this.invoices.get(substitution) : undefined;
      if (!substitute) throw refusal('substitution', 'El motivo 01 requiere la factura que sustituye a esta.');
      const related = substitute.body.related_documents?.flatMap((r) => r.documents) ?? [];
      if (!related.includes(stored.invoice.uuid))
        throw refusal('substitution', 'La factura sustituta no está relacionada (04) con esta.');
    }
    if (stored.invoice.status === 'canceled') throw refusal('status', 'La factura ya está cancelada.');
    if (stored.cancellation.status === 'pending')
      throw refusal('status', 'La cancelación de esta factura espera la respuesta del receptor.');
    stored.cancellation = { status: this.acceptanceRequired ? 'pending' : 'accepted', motive, substitution };
    if (!this.acceptanceRequired) stored.invoice = { ...stored.invoice, status: 'canceled' };
    return this.cancellationOf(id);
  }

  async cancellationOf(id: string): Promise<CfdiCancellation> {
    const stored = this.stored(id);
    return { status: stored.invoice.status, cancellation_status: stored.cancellation.status };
  }

  /** Tests: the receiver accepts (the SAT cancels it) or rejects a cancellation awaiting them. */
  answerCancellation(id: string, answer: 'accepted' | 'rejected'): void {
    const stored = this.stored(id);
    if (stored.cancellation.status !== 'pending') throw new Error(`La factura ${id} no espera respuesta.`);
    stored.cancellation = { ...stored.cancellation, status: answer };
    if (answer === 'accepted') stored.invoice = { ...stored.invoice, status: 'canceled' };
  }

  async sendByEmail(id: string, email: string): Promise<void> {
    this.stored(id);
    this.mailed.push({ id, email });
  }
}
