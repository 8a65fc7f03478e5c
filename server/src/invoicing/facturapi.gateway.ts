import Facturapi, { type BinaryDownload } from 'facturapi';
import type { CancellationMotive, CfdiCancellation, CfdiRequest, IssuedCfdi } from './invoicing-gateway';
import { InvoicingGateway } from './invoicing-gateway';

/** A download of the SDK (a Node stream, or a Blob where streams are not available) as bytes. */
async function bytesOf(download: BinaryDownload): Promise<Buffer> {
  if (download instanceof Blob) return Buffer.from(await download.arrayBuffer());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    download.on('data', (chunk) => chunks.push(Buffer.from(chunk as Uint8Array)));
    download.on('end', () => resolve(Buffer.concat(chunks)));
    download.on('error', reject);
  });
}

/** Facturapi through its official SDK. */
export class FacturapiGateway extends InvoicingGateway {
  readonly simulated = false;
  readonly testMode: boolean;
  private readonly client: Facturapi;

  constructor(apiKey: string, baseUrl?: string) {
    super();
    this.testMode = apiKey.startsWith('sk_test_');
    this.client = new Facturapi(apiKey);
    if (baseUrl) this.client.BASE_URL = baseUrl;
  }

  async createInvoice(body: CfdiRequest): Promise<IssuedCfdi> {
    const invoice = await this.client.invoices.create({ ...body });
    return {
      id: invoice.id,
      uuid: invoice.uuid,
      status: invoice.status,
      series: invoice.series,
      folio_number: Number(invoice.folio_number),
      total: invoice.total,
    };
  }

  async downloadPdf(id: string): Promise<Buffer> {
    return bytesOf(await this.client.invoices.downloadPdf(id));
  }

  async downloadXml(id: string): Promise<Buffer> {
    return bytesOf(await this.client.invoices.downloadXml(id));
  }

  async cancelInvoice(id: string, motive: CancellationMotive, substitution?: string): Promise<CfdiCancellation> {
    const invoice = await this.client.invoices.cancel(id, {
      motive: motive as Parameters<Facturapi['invoices']['cancel']>[1]['motive'],
      ...(substitution ? { substitution } : {}),
    });
    return { status: invoice.status, cancellation_status: invoice.cancellation_status };
  }

  async cancellationOf(id: string): Promise<CfdiCancellation> {
    const invoice = await this.client.invoices.retrieve(id);
    return { status: invoice.status, cancellation_status: invoice.cancellation_status };
  }

  async sendByEmail(id: string, email: string): Promise<void> {
    await this.client.invoices.sendByEmail(id, { email });
  }
}
