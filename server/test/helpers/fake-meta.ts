import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers the next message: Meta's documented shapes for each case. */
export type MetaAnswer =
  'success' | 'rate-limited' | 'server-error' | 'undeliverable' | 'template-missing' | 'token-expired';

export interface MetaRequest {
  path: string;
  authorization: string | undefined;
  body: {
    messaging_product: string;
    to: string;
    type: string;
    template: {
      name: string;
      language: { code: string };
      components: { type: string; parameters: { type: string; text: string }[] }[];
    };
  };
}

const trace = () => `A${Math.random().toString(36).slice(2, 12)}`;

/** Status and body of each answer, as Graph API writes them. */
const ANSWERS: Record<Exclude<MetaAnswer, 'success'>, { status: number; error: Record<string, unknown> }> = {
  'rate-limited': {
    status: 429,
    error: { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429, error_subcode: 2494055 },
  },
  'server-error': {
    status: 500,
    error: { message: 'An unknown error has occurred.', type: 'OAuthException', code: 1, is_transient: true },
  },
  undeliverable: {
    status: 400,
    error: {
      message: '(#131026) Message undeliverable',
      type: 'OAuthException',
      code: 131026,
      error_data: { messaging_product: 'whatsapp', details: 'Message undeliverable' },
    },
  },
  'template-missing': {
    status: 404,
    error: {
      message: '(#132001) Template name does not exist in the translation',
      type: 'OAuthException',
      code: 132001,
      error_data: {
        messaging_product: 'whatsapp',
        details: 'template name (reserva_confirmada) does not exist in es_MX',
      },
    },
  },
  'token-expired': {
    status: 401,
    error: {
      message: 'Error validating access token: Session has expired.',
      type: 'OAuthException',
      code: 190,
      error_subcode: 463,
    },
  },
};

/**
 * A local stand-in for Graph API's POST /<version>/<phone-number-id>/messages: it records each
 * request and answers with the next queued answer (success when the queue is empty).
 */
export class FakeMeta {
  readonly requests: MetaRequest[] = [];
  private readonly queue: MetaAnswer[] = [];
  private server!: Server;
  private sent = 0;

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next answers, in order. */
  answer(...answers: MetaAnswer[]): void {
    this.queue.push(...answers);
  }

  reset(): void {
    this.requests.length = 0;
    this.queue.length = 0;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      void readBody(request).then((raw) => {
        const body = JSON.parse(raw) as MetaRequest['body'];
        this.requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
        const next = this.queue.shift() ?? 'success';
        response.setHeader('content-type', 'application/json');
        if (next === 'success') {
          this.sent++;
          response.statusCode = 200;
          response.end(
            JSON.stringify({
              messaging_product: 'whatsapp',
              contacts: [{ input: body.to, wa_id: body.to }],
              messages: [{ id: `wamid.fake.${this.sent}.${trace()}`, message_status: 'accepted' }],
            }),
          );
          return;
        }
        const { status, error } = ANSWERS[next];
        response.statusCode = status;
        response.end(JSON.stringify({ error: { ...error, fbtrace_id: trace() } }));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
