import Ajv, { type ValidateFunction } from 'ajv';
import { FixedClock } from '../src/core/clock/clock';
import { NotificationsService } from '../src/notifications/notifications.service';
import { NOW, TODAY } from './helpers/booking';
import { type Agent, EXAMPLES, type Fixture, prepareExamples, type Role } from './helpers/operation-examples';
import { createTestApp, TestApp } from './helpers/test-app';

type Schema = Record<string, unknown>;
interface Response {
  content?: Record<string, { schema?: Schema }>;
}
interface DocOperation {
  operationId: string;
  security?: Record<string, string[]>[];
  responses: Record<string, Response>;
}
interface Document {
  paths: Record<string, Record<string, DocOperation>>;
  components: { schemas: Record<string, Schema> };
}

/**
 * OpenAPI 3.0's `nullable` as JSON Schema: null, or the schema without it (Nest writes a nullable
 * reference as `{allOf: [{$ref}], nullable: true}`, which Ajv would otherwise apply to null too).
 */
function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, toJsonSchema(inner)]);
  const schema = Object.fromEntries(entries) as Schema;
  if (schema.nullable !== true) return schema;
  const { nullable: _nullable, ...rest } = schema;
  return { anyOf: [{ type: 'null' }, rest] };
}

/** POST operations that only read: safe to call with their example in any order. */
const READS = new Set([
  'getInformation',
  'getInformationClases',
  'teachingClasses',
  'getClases',
  'getUserPlanes',
  'getUsers',
  'getUser',
  'getUserWhatsApp',
  'getPurchases',
  'getAudit',
  'getDashboard',
  'planHistory',
  'getWhatsAppConsent',
  'previewCheckout',
  'deskSalePreview',
  'checkResetToken',
  'previewOutage',
  'getInstructorPay',
  'getMyPay',
  'getInvoices',
  'getUserInvoices',
  'getPurchaseInvoices',
  'previewGlobalInvoice',
]);

/** Paths with parameters, filled (a made-up token answers its documented 404). */
const pathFor = (path: string): string =>
  path
    .replace('{kind}', 'payments')
    .replace('{slug}', 'laura')
    .replace('{token}', '0'.repeat(32))
    .replace('instructor-pay.csv', `instructor-pay.csv?month=${TODAY.slice(0, 7)}`)
    .replace('invoices.csv', `invoices.csv?month=${TODAY.slice(0, 7)}`)
    .replace(/invoices\/\{id\}\./, 'invoices/999999.')
    .replace(/payments\.csv$/, `payments.csv?from=${TODAY}&to=${TODAY}`);

/**
 * The contract: every read of the API, called as the role its security says (a guest for public
 * calls, the client for session calls, the admin for permission calls), answers a status its
 * operation documents, and a JSON body that validates against the schema documented for that
 * status (Ajv, OpenAPI's `nullable` honoured).
 */
describe('the API answers what its OpenAPI document says (contract)', () => {
  let t: TestApp;
  let doc: Document;
  let fixture: Fixture;
  let agents: Record<Role, Agent>;
  let ajv: Ajv;

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(NOW) });
    doc = (await t.agent().get('/api/docs-json').expect(200)).body as Document;
    ({ fixture, agents } = await prepareExamples(t));
    ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addSchema({ components: toJsonSchema(doc.components) }, 'doc');
  });
  afterAll(async () => {
    await t.app.get(NotificationsService).settled();
    await t.close();
  });

  /** Who calls an operation: public → guest, `x-permission` → admin, else the client. */
  const roleOf = (op: DocOperation & { 'x-permission'?: string }): Role => {
    const security = op.security ?? [];
    if (security.length === 0 || security.some((requirement) => !('cookie' in requirement))) return 'guest';
    return op['x-permission'] ? 'admin' : 'client';
  };

  /** The schema's $refs pointed at the document registered in Ajv. */
  const rebased = (schema: Schema): Schema =>
    JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/')) as Schema;

  it('should answer every read with a documented status and a body of its documented schema', async () => {
    const calls: { id: string; method: string; path: string; op: DocOperation }[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (method === 'get' || READS.has(op.operationId)) calls.push({ id: op.operationId, method, path, op });
      }
    }
    expect(calls.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const { id, method, path, op } of calls) {
      const agent = agents[roleOf(op)];
      const res =
        method === 'get'
          ? await agent.get(
              // A client's questionnaire and its log, read by the admin: the fixture's client has one.
              pathFor(path)
                .replace('{userId}', String(fixture.clientId))
                .replace('users/{id}/', `users/${fixture.clientId}/`),
            )
          : await agent.post(path).send(EXAMPLES[id].body(fixture));
      const documented = op.responses[String(res.status)];
      if (!documented) {
        problems.push(`${id}: ${res.status} is not documented (${Object.keys(op.responses).join(', ')})`);
        continue;
      }
      const type = String(res.headers['content-type'] ?? '').split(';')[0];
      const content = documented.content ?? {};
      if (!(type in content)) {
        problems.push(
          `${id} ${res.status}: served as ${type}, documented as ${Object.keys(content).join(', ') || 'nothing'}`,
        );
        continue;
      }
      const schema = content[type].schema;
      if (type !== 'application/json' || !schema) continue;
      const validate: ValidateFunction = ajv.compile(rebased(toJsonSchema(schema) as Schema));
      if (!validate(res.body)) {
        problems.push(`${id} ${res.status}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("should serve a download's errors as the API's JSON error, with the content type its document gives them", async () => {
    /** A failing call of each download (a file that is not JSON), by its path in the document. */
    const broken: Record<string, string[]> = {
      '/api/admin/export/{kind}.csv': [
        `/api/admin/export/nada.csv?from=${TODAY}&to=${TODAY}`,
        '/api/admin/export/payments.csv?from=ayer&to=hoy',
      ],
      '/api/admin/export/instructor-pay.csv': ['/api/admin/export/instructor-pay.csv?month=2026-13'],
      '/api/admin/export/invoices.csv': ['/api/admin/export/invoices.csv?month=noviembre'],
      '/api/calendar/{token}.ics': [`/api/calendar/${'0'.repeat(32)}.ics`],
      '/api/fotos/instructores/{file}': ['/api/fotos/instructores/nadie-640.webp'],
      '/api/informacion/export/{file}': [
        `/api/informacion/export/${'0'.repeat(43)}.zip`,
        '/api/informacion/export/x.tar',
      ],
      '/api/informacion/invoices/{id}.pdf': ['/api/informacion/invoices/999999.pdf'],
      '/api/informacion/invoices/{id}.xml': ['/api/informacion/invoices/999999.xml'],
    };
    const downloads = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.values(ops)
        .filter((op) => Object.keys(op.responses['200']?.content ?? {}).some((type) => type !== 'application/json'))
        .map((op) => ({ path, op })),
    );
    // A new download fails here until it has a failing call above.
    expect(downloads.map((d) => d.path).sort()).toEqual(Object.keys(broken).sort());
    const problems: string[] = [];
    for (const { path, op } of downloads) {
      for (const url of broken[path]) {
        const res = await agents[roleOf(op)].get(url);
        const type = String(res.headers['content-type'] ?? '').split(';')[0];
        const documented = op.responses[String(res.status)];
        if (res.status < 400) problems.push(`${url}: ${res.status}, expected an error`);
        else if (type !== 'application/json' || res.body.success !== false || typeof res.body.code !== 'string') {
          problems.push(`${url} ${res.status}: served as ${type}`);
        } else if (!documented) problems.push(`${url}: ${res.status} is not documented`);
        else if (Object.keys(documented.content ?? {}).join() !== 'application/json') {
          problems.push(`${url} ${res.status}: documented as ${Object.keys(documented.content ?? {}).join(', ')}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
