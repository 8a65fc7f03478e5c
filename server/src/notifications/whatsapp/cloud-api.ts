import { WHATSAPP_TEMPLATE_LANGUAGE, type WhatsAppMessage } from './templates';

/** The Graph API version the requests name (Meta keeps each for about two years). */
export const GRAPH_API_VERSION = 'v21.0';
/** A request Meta has not answered by then is retried later (well inside the outbox's 2-minute claim). */
export const SEND_TIMEOUT_MS = 15_000;

/** What Meta answered for an accepted message: its id, and the recipient's WhatsApp id. */
export interface WhatsAppSent {
  waMessageId: string;
  waId: string | null;
}

/**
 * Meta's errors that a retry may cure: throttling (4, 80007, 130429, 131048, 131056), its own
 * trouble (1, 2, 131000, 131016, 133004). Any other error code Meta names is permanent (131026
 * undeliverable, 131047 re-engagement, 132xxx template errors, 100 invalid parameter, 190 token…):
 * retrying sends nothing, so the e-mail goes instead.
 */
export const TRANSIENT_ERROR_CODES: ReadonlySet<number> = new Set([
  1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004,
]);

/** A message Meta did not take: `permanent` when no retry can send it. */
export class WhatsAppSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly code: number | null = null,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
  }
}

/** 5xx, 429 and the throttling codes are retried; any other refusal is final. */
export const isPermanent = (httpStatus: number, code: number | null): boolean =>
  !(httpStatus >= 500 || httpStatus === 429 || (code !== null && TRANSIENT_ERROR_CODES.has(code)));

/** How a message leaves: Meta's Cloud API, or the local outbox (simulator.ts). */
export abstract class WhatsAppSender {
  /** True for the local simulator: its messages are reported sent and delivered by it. */
  abstract readonly simulated: boolean;
  /** Sends one template message to `to` (`+52…`); throws WhatsAppSendError when Meta refuses it. */
  abstract send(to: string, message: WhatsAppMessage, reference: string): Promise<WhatsAppSent>;
  /** Once the message's row is stored: the simulator reports it sent and delivered; Meta's webhook does that itself. */
  async stored(_sent: WhatsAppSent, _to: string): Promise<void> {}
}

/** The request body of a template message (Graph API's /<phone-number-id>/messages). */
export const templateRequest = (to: string, message: WhatsAppMessage) => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: to.replace(/^\+/, ''),
  type: 'template',
  template: {
    name: message.template,
    language: { code: WHATSAPP_TEMPLATE_LANGUAGE },
    components: [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }],
  },
});

interface GraphError {
  error?: { message?: unknown; type?: unknown; code?: unknown; error_subcode?: unknown; fbtrace_id?: unknown };
}
interface GraphSent {
  messaging_product?: unknown;
  contacts?: { input?: unknown; wa_id?: unknown }[];
  messages?: { id?: unknown }[];
}

/**
 * Meta's Cloud API over plain `fetch`: one POST per message, bearer token, JSON both ways. No SDK:
 * Meta publishes none for Node that is maintained, the third-party ones wrap this same request, and
 * the one call we make is easier to read (and to point at a test's fake) than a dependency.
 */
export class CloudApiSender extends WhatsAppSender {
  readonly simulated = false;

  constructor(
    private readonly apiBase: string,
    private readonly phoneNumberId: string,
    private readonly token: string,
  ) {
    super();
  }

  get endpoint(): string {
    return `${this.apiBase}/${GRAPH_API_VERSION}/${this.phoneNumberId}/messages`;
  }

  async send(to: string, message: WhatsAppMessage): Promise<WhatsAppSent> {
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(templateRequest(to, message)),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
    } catch (error) {
      // No answer (network, DNS, timeout): Meta may try again later, so may we.
      throw new WhatsAppSendError(
        `sin respuesta de WhatsApp: ${error instanceof Error ? error.message : String(error)}`,
        false,
      );
    }
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    if (!response.ok) {
      const error = (body as GraphError | null)?.error;
      const code = typeof error?.code === 'number' ? error.code : null;
      const detail = typeof error?.message === 'string' ? error.message.slice(0, 200) : text.slice(0, 200);
      const trace = typeof error?.fbtrace_id === 'string' ? ` (fbtrace_id ${error.fbtrace_id})` : '';
      throw new WhatsAppSendError(
        `WhatsApp respondió ${response.status}${code !== null ? `, código ${code}` : ''}: ${detail}${trace}`,
        isPermanent(response.status, code),
        code,
        response.status,
      );
    }
    const sent = body as GraphSent | null;
    const id = sent?.messages?.[0]?.id;
    if (typeof id !== 'string' || id === '') {
      // A 200 without a message id is not Meta's documented answer: try again later.
      throw new WhatsAppSendError(
        `WhatsApp respondió ${response.status} sin id de mensaje`,
        false,
        null,
        response.status,
      );
    }
    const waId = sent?.contacts?.[0]?.wa_id;
    return { waMessageId: id, waId: typeof waId === 'string' ? waId : null };
  }
}
