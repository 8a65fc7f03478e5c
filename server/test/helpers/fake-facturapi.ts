import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake got, as the SDK sent it. */
export interface FacturapiRequest {
  method: string;
  /** Without the query, e.g. /v2/invoices/abc/pdf. */
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  contentType: string | undefined;
  /** The JSON body (undefined without one). */
  body: Record<string, unknown> | undefined;
  /** `idempotency_key` of the body, or an Idempotency-Key header if one was sent. */
  idempotencyKey: string | undefined;
}

/** An invoice as Facturapi's v2 API answers it (the fields the SDK's `Invoice` type names). */
export interface FakeInvoice {
  id: string;
  organization: string;
  livemode: boolean;
  created_at: string;
  date: string;
  type: 'I';
  status: 'valid' | 'canceled';
  cancellation_status: 'none' | 'pending' | 'accepted' | 'rejected';
  cfdi_version: 4;
  uuid: string;
  series: string;
  folio_number: number;
  total: number;
  currency: 'MXN';
  exchange: 1;
  payment_form: string;
  payment_method: string;
  use: string;
  customer: Record<string, unknown>;
  items: Record<string, unknown>[];
  global: Record<string, unknown> | null;
  related_documents: { relationship: string; documents: string[] }[];
  idempotency_key: string | null;
  verification_url: string;
  stamp: { date: string; sat_signature: string; sat_cert_number: string; signature: string };
  cancellation: { motive: string; substitution: string | null } | null;
}

/** An error body as Facturapi writes it: the SDK reads `message`, `status`, `path` into its FacturapiError. */
const errorBody = (status: number, message: string, path?: string) => ({
  ok: false,
  status,
  message,
  ...(path ? { path } : {}),
});

/**
 * A local stand-in for Facturapi's REST API (v2) as its official SDK calls it: POST /v2/invoices,
 * GET /v2/invoices/{id} and its /pdf and /xml, DELETE /v2/invoices/{id}?motive=…&substitution=…,
 * POST /v2/invoices/{id}/email. Bearer auth with one key (401 otherwise), Facturapi's refusal shape
 * (400 with `message` and `path`), outages on demand, and `idempotency_key`: a repeated key answers
 * the invoice already stamped. A cancellation can wait for the receiver (`acceptanceRequired`): the
 * invoice stays valid with cancellation_status pending until `answerCancellation`. Every request is
 * recorded.
 */
export class FakeFacturapi {
  readonly requests: FacturapiRequest[] = [];
  readonly invoices = new Map<string, FakeInvoice>();
  /** RFCs the SAT's list (LCO) lacks: a create with one of them is refused at customer.tax_id. */
  readonly unknownTaxIds = new Set<string>();
  private readonly byKey = new Map<string, string>();
  private readonly failures: number[] = [];
  /** The studio's key revoked in Facturapi's dashboard: every call answers 401. */
  keyRevoked = false;
  /** Cancellations wait for the receiver (the SAT asks it above $1,000 MXN to a named receiver). */
  acceptanceRequired = false;
  private lost = 0;
  private folio = 0;
  private server!: Server;

  constructor(readonly apiKey = 'sk_test_fakeFacturapiKey0123456789') {}

  /** The SDK's BASE_URL for this fake (its API version included). */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v2`;
  }

  /** The next `count` calls answer `status` (503 by default) without doing anything. */
  failNext(count: number, status = 503): void {
    for (let i = 0; i < count; i++) this.failures.push(status);
  }

  /** The next `count` creates stamp the invoice, then drop the connection before answering (a lost answer). */
  loseNextAnswers(count: number): void {
    this.lost += count;
  }

  /** The PDF's bytes for an invoice (what a download must return). */
  pdfOf(invoice: FakeInvoice): Buffer {
    return Buffer.from(
      `%PDF-1.4\n% Facturapi (fake) ${invoice.series}-${invoice.folio_number} ${invoice.uuid}\n%%EOF\n`,
    );
  }

  /** The XML's bytes for an invoice. */
  xmlOf(invoice: FakeInvoice): Buffer {
    const customer = invoice.customer as { tax_id: string };
    return Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Serie="${invoice.series}" Folio="${invoice.folio_number}" FormaPago="${invoice.payment_form}" MetodoPago="${invoice.payment_method}" Total="${invoice.total.toFixed(2)}"><cfdi:Receptor Rfc="${customer.tax_id}" UsoCFDI="${invoice.use}"/><cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" UUID="${invoice.uuid}"/></cfdi:Complemento></cfdi:Comprobante>\n`,
    );
  }

  /** The requests of one method whose path matches. */
  requestsTo(method: string, path: RegExp): FacturapiRequest[] {
    return this.requests.filter((r) => r.method === method && path.test(r.path));
  }

  reset(): void {
    this.requests.length = 0;
    this.failures.length = 0;
    this.lost = 0;
    this.unknownTaxIds.clear();
    this.acceptanceRequired = false;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      void readBody(request).then(
        (raw) => this.handle(request, raw, response),
        () => response.destroy(),
      );
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: IncomingMessage, raw: string, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    let body: Record<string, unknown> | undefined;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
    } catch {
      return json(response, 400, errorBody(400, 'El cuerpo de la petición no es un JSON válido.'));
    }
    const header = request.headers['idempotency-key'];
    this.requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body,
      idempotencyKey: typeof body?.idempotency_key === 'string' ? body.idempotency_key : (header as string | undefined),
    });
    if (this.keyRevoked || request.headers.authorization !== `Bearer ${this.apiKey}`) {
      return json(response, 401, errorBody(401, 'La llave de API es inválida o no fue proporcionada.'));
    }
    const failure = this.failures.shift();
    if (failure !== undefined) {
      return json(response, failure, errorBody(failure, 'Servicio no disponible temporalmente. Intenta más tarde.'));
    }
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] !== 'v2' || parts[1] !== 'invoices') return notFound(response, url.pathname);
    const [, , id, action] = parts;
    if (request.method === 'POST' && parts.length === 2) return this.create(body ?? {}, response);
    const invoice = id ? this.invoices.get(id) : undefined;
    if (!invoice) return json(response, 404, errorBody(404, `No se encontró la factura con id ${id ?? ''}`));
    if (request.method === 'GET' && parts.length === 3) return json(response, 200, invoice);
    if (request.method === 'GET' && action === 'pdf' && parts.length === 4)
      return file(response, 'application/pdf', `${invoice.id}.pdf`, this.pdfOf(invoice));
    if (request.method === 'GET' && action === 'xml' && parts.length === 4)
      return file(response, 'application/xml', `${invoice.id}.xml`, this.xmlOf(invoice));
    if (request.method === 'POST' && action === 'email' && parts.length === 4) {
      const email = body?.email;
      if (email !== undefined && (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email)))
        return json(response, 400, errorBody(400, 'El correo electrónico no es válido.', 'email'));
      return json(response, 200, { ok: true });
    }
    if (request.method === 'DELETE' && parts.length === 3) return this.cancel(invoice, url.searchParams, response);
    return notFound(response, url.pathname);
  }

  private create(body: Record<string, unknown>, response: ServerResponse): void {
    const key = typeof body.idempotency_key === 'string' ? body.idempotency_key : undefined;
    const stamped = key ? this.byKey.get(key) : undefined;
    if (stamped) return json(response, 200, this.invoices.get(stamped));
    const customer = (body.customer ?? {}) as { tax_id?: string; legal_name?: string; address?: { zip?: string } };
    if (customer.tax_id && this.unknownTaxIds.has(customer.tax_id))
      return json(
        response,
        400,
        errorBody(
          400,
          'El RFC del receptor no se encuentra en la lista de RFC inscritos no cancelados en el SAT.',
          'customer.tax_id',
        ),
      );
    const related = (Array.isArray(body.related_documents) ? body.related_documents : []) as {
      relationship: string;
      documents: string[];
    }[];
    const known = new Set([...this.invoices.values()].map((i) => i.uuid));
    if (related.some((r) => !Array.isArray(r.documents) || r.documents.some((uuid) => !known.has(uuid))))
      return json(response, 400, errorBody(400, 'Uno de los CFDI relacionados no existe.', 'related_documents'));
    const items = (Array.isArray(body.items) ? body.items : []) as {
      quantity?: number;
      product: { price: number; taxes?: Record<string, unknown>[] } & Record<string, unknown>;
    }[];
    if (items.length === 0)
      return json(response, 400, errorBody(400, '"items" must contain at least 1 items', 'items'));
    const total =
      Math.round(items.reduce((sum, item) => sum + (item.quantity ?? 1) * item.product.price, 0) * 100) / 100;
    const now = new Date().toISOString();
    const uuid = randomUUID().toUpperCase();
    const invoice: FakeInvoice = {
      id: randomBytes(12).toString('hex'),
      organization: 'a1b2c3d4e5f6a7b8c9d0e1f2',
      livemode: this.apiKey.startsWith('sk_live_'),
      created_at: now,
      date: now,
      type: 'I',
      status: 'valid',
      cancellation_status: 'none',
      cfdi_version: 4,
      uuid,
      series: typeof body.series === 'string' ? body.series : 'A',
      folio_number: ++this.folio,
      total,
      currency: 'MXN',
      exchange: 1,
      payment_form: String(body.payment_form),
      payment_method: String(body.payment_method ?? 'PUE'),
      use: String(body.use),
      customer: {
        id: randomBytes(12).toString('hex'),
        ...customer,
        address: { ...customer.address, country: 'MEX' },
      },
      items: items.map((item) => ({
        quantity: item.quantity ?? 1,
        discount: 0,
        product: {
          ...item.product,
          taxability: '02',
          taxes: (item.product.taxes ?? []).map((tax) => ({ factor: 'Tasa', withholding: false, ...tax })),
          local_taxes: [],
        },
      })),
      global: (body.global as Record<string, unknown> | undefined) ?? null,
      related_documents: related,
      idempotency_key: key ?? null,
      verification_url: `https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=${uuid}`,
      stamp: { date: now, sat_signature: 'c2F0', sat_cert_number: '00001000000509846663', signature: 'c2ln' },
      cancellation: null,
    };
    this.invoices.set(invoice.id, invoice);
    if (key) this.byKey.set(key, invoice.id);
    if (this.lost > 0) {
      this.lost -= 1;
      response.socket?.destroy();
      return;
    }
    json(response, 200, invoice);
  }

  private cancel(invoice: FakeInvoice, query: URLSearchParams, response: ServerResponse): void {
    const motive = query.get('motive');
    const substitution = query.get('substitution');
    if (!motive || !['01', '02', '03', '04'].includes(motive))
      return json(response, 400, errorBody(400, 'El motivo de cancelación no es válido.', 'motive'));
    const substitute = substitution ? this.invoices.get(substitution) : undefined;
    if (motive === '01' && !substitute)
      return json(
        response,
        400,
        errorBody(400, 'El motivo 01 requiere el id de la factura que sustituye.', 'substitution'),
      );
    if (substitute && !substitute.related_documents.some((r) => r.documents.includes(invoice.uuid)))
      return json(
        response,
        400,
        errorBody(400, 'La factura sustituta debe relacionar (04) a la que se cancela.', 'substitution'),
      );
    if (invoice.status === 'canceled') return json(response, 400, errorBody(400, 'La factura ya fue cancelada.'));
    if (invoice.cancellation_status === 'pending')
      return json(response, 400, errorBody(400, 'La cancelación de esta factura está en proceso.'));
    invoice.cancellation = { motive, substitution };
    if (this.acceptanceRequired) invoice.cancellation_status = 'pending';
    else {
      invoice.status = 'canceled';
      invoice.cancellation_status = 'accepted';
    }
    json(response, 200, invoice);
  }

  /** The receiver answers a cancellation that waits for them: accepted (the SAT cancels it) or rejected. */
  answerCancellation(id: string, answer: 'accepted' | 'rejected'): void {
    const invoice = this.invoices.get(id);
    if (invoice?.cancellation_status !== 'pending') throw new Error(`La factura ${id} no espera respuesta.`);
    invoice.cancellation_status = answer;
    if (answer === 'accepted') invoice.status = 'canceled';
  }
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.end(JSON.stringify(body));
}

function file(response: ServerResponse, contentType: string, filename: string, bytes: Buffer): void {
  response.statusCode = 200;
  response.setHeader('content-type', contentType);
  response.setHeader('content-disposition', `attachment; filename="${filename}"`);
  response.end(bytes);
}

function notFound(response: ServerResponse, path: string): void {
  json(response, 404, errorBody(404, `Ruta no encontrada: ${path}`));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
