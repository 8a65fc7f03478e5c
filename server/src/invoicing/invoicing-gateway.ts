/**
 * The PAC behind one interface: Facturapi's official SDK with FACTURAPI_KEY (`sk_test_…` stamps in
 * its test mode, never reaching the SAT), and a local simulator without a key. The bodies and answers
 * are Facturapi's own (v2), so both sides speak the same shapes; failures are the SDK's
 * `FacturapiError` (status, message, path of the refused field).
 */

/** Facturapi's `customer` of an invoice. */
export interface CfdiCustomer {
  legal_name: string;
  tax_id: string;
  tax_system: string;
  email?: string;
  address: { zip: string };
}

/** One line: price with IVA included (Facturapi breaks it down). */
export interface CfdiItem {
  quantity: number;
  product: {
    description: string;
    product_key: string;
    unit_key: string;
    price: number;
    tax_included: true;
    taxes: { type: 'IVA'; rate: number }[];
  };
}

/** The body of `invoices.create`. */
export interface CfdiRequest {
  customer: CfdiCustomer;
  items: CfdiItem[];
  payment_form: string;
  payment_method: 'PUE';
  use: string;
  series?: string;
  /** Facturapi answers the invoice already made for a repeated key (a retry after a lost answer). */
  idempotency_key?: string;
  /** A substitute: relation 04 ("Sustitución de los CFDI previos") to the UUID it replaces. */
  related_documents?: { relationship: '04'; documents: string[] }[];
  /** The global invoice's period (público en general). */
  global?: { periodicity: 'month'; months: string; year: number };
}

/** The parts of Facturapi's Invoice the app keeps. */
export interface IssuedCfdi {
  id: string;
  uuid: string;
  status: string;
  series: string;
  folio_number: number;
  total: number;
}

export type CancellationMotive = '01' | '02' | '03' | '04';

/**
 * Where a cancellation stands, as Facturapi answers it: `status` canceled once the SAT cancelled it;
 * while the receiver must accept it, status stays valid and `cancellation_status` is pending, then
 * accepted (status canceled) or rejected (still valid).
 */
export interface CfdiCancellation {
  status: string;
  cancellation_status: string;
}

export abstract class InvoicingGateway {
  /** True without FACTURAPI_KEY: nothing reaches a PAC. */
  abstract readonly simulated: boolean;
  /** Stamped in Facturapi's test mode (a `sk_test_` key) or simulated: not valid before the SAT. */
  abstract readonly testMode: boolean;
  abstract createInvoice(body: CfdiRequest): Promise<IssuedCfdi>;
  abstract downloadPdf(id: string): Promise<Buffer>;
  abstract downloadXml(id: string): Promise<Buffer>;
  abstract cancelInvoice(id: string, motive: CancellationMotive, substitution?: string): Promise<CfdiCancellation>;
  /** An invoice's status now (a cancellation awaiting the receiver is followed with it). */
  abstract cancellationOf(id: string): Promise<CfdiCancellation>;
  /** The PAC mails the PDF and XML (Facturapi's `invoices.sendByEmail`). */
  abstract sendByEmail(id: string, email: string): Promise<void>;
}
