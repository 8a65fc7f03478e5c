import fc from 'fast-check';
import { FixedClock } from '../src/core/clock/clock';
import { NotificationsService } from '../src/notifications/notifications.service';
import { adminAgent, givePlan, newClient, NOW } from './helpers/booking';
import { fingerprint as databaseFingerprint } from './helpers/fingerprint';
import { EXAMPLES, prepareExamples } from './helpers/operation-examples';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

interface Operation {
  id: string;
  path: string;
  properties: string[];
  /** The properties the document types as strings (text, e-mails, dates, times, keys). */
  strings: string[];
}

/**
 * Text that breaks naive code, for every string field: halves of an emoji (lone surrogates), NUL,
 * invisible and direction-changing marks, and the first and last days a date can be written with.
 */
const HOSTILE_TEXT = [
  '\ud800',
  'Ana\udc00',
  '\u0000',
  'Ana\u0000López',
  '\u200f',
  'Ana\u200fLópez',
  'Ana\u202eLópez',
  '\u2067x\u2069',
  '0001-01-01',
  '9999-12-31',
];
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Values of every JSON type, with the strings that break naive code. */
const nasty = fc.constantFrom(
  "Robert'); DROP TABLE users;--",
  '<script>alert(1)</script>',
  '2026-02-30',
  '9999-12-31',
  '-1',
  '1e309',
  '__proto__',
  '\u0000',
  'ñandú ÁÉÍÓÚ ü ¿¡',
  'x'.repeat(5000),
);
/**
 * Numbers that pass a bare @IsInt() or @IsNumber() and then break SQL (1e20 answered 500 with
 * "datatype mismatch"): huge, past a 32-bit id, negative, fractional, and ones JSON writes with an
 * exponent (JSON.stringify(1e21) is "1e+21", of 1e-7 "1e-7").
 */
const HOSTILE_NUMBERS = [1e20, 1e21, 1e308, 2_147_483_648, 9_007_199_254_740_992, -1, -2_147_483_649, 0.5, 1e-7];
const hostileNumber = fc.constantFrom(...HOSTILE_NUMBERS);

const value = fc.oneof(
  nasty,
  hostileNumber,
  fc.string(),
  fc.integer(),
  fc.integer({ min: 1, max: 40 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.array(fc.anything(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);

const bodyFor = (op: Operation) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.dictionary(fc.constantFrom(...op.properties, 'extra'), value, { maxKeys: 8 }) },
    { weight: 1, arbitrary: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(value)) },
  );

describe('property-based fuzzing of every POST body: never a 500, never a change on a 4xx', () => {
  let t: TestApp;
  let operations: Operation[];
  let admin: Agent;
  let client: Agent;
  let examples: Awaited<ReturnType<typeof prepareExamples>>;

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(NOW) });
    const doc = (await t.agent().get('/api/docs-json').expect(200)).body as {
      paths: Record<
        string,
        Record<
          string,
          { operationId: string; requestBody?: { content: Record<string, { schema: { $ref?: string } }> } }
        >
      >;
      components: { schemas: Record<string, { properties?: Record<string, { type?: string }> }> };
    };
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        // Logging out would end the sessions the next calls use.
        .filter(([method, op]) => method === 'post' && op.operationId !== 'logout' && op.operationId !== 'logoutAll')
        .map(([, op]) => {
          const ref = op.requestBody?.content['application/json']?.schema.$ref;
          const schema = ref ? doc.components.schemas[ref.split('/').pop()!] : undefined;
          const properties = schema?.properties ?? {};
          return {
            id: op.operationId,
            path,
            properties: Object.keys(properties),
            strings: Object.keys(properties).filter((name) => properties[name].type === 'string'),
          };
        }),
    );
    examples = await prepareExamples(t);
    admin = await adminAgent(t);
    const mine = await newClient(t, 'Fuzz');
    await givePlan(t, mine.user.id, { classes: 5 });
    client = mine.agent;
  });
  afterAll(async () => {
    await t.app.get(NotificationsService).settled();
    await t.close();
  });

  const fingerprint = (): Promise<string> => databaseFingerprint(t);

  it('should cover the POST operations of the API', () => {
    expect(operations.length).toBeGreaterThan(25);
    expect(operations.every((op) => op.path.startsWith('/api/'))).toBe(true);
  });

  it.each(['admin', 'client'] as const)(
    'should answer every random body below 500 and change nothing when it refuses (%s)',
    async (who) => {
      const agent = who === 'admin' ? admin : client;
      const failures: string[] = [];
      for (const op of operations) {
        await fc.assert(
          fc.asyncProperty(bodyFor(op), async (body) => {
            const before = await fingerprint();
            const res = await agent.post(op.path).set('content-type', 'application/json').send(JSON.stringify(body));
            if (res.status >= 500) failures.push(`${op.id} ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
            expect(res.status).toBeLessThan(500);
            expect(res.body).toHaveProperty('success');
            if (res.status >= 400) {
              expect(res.body.success).toBe(false);
              // No stack traces or SQL in the answer.
              expect(JSON.stringify(res.body)).not.toMatch(/\bat \w+ \(|SELECT |INSERT |UPDATE |QueryFailedError/);
              expect(await fingerprint()).toBe(before);
            }
          }),
          { numRuns: 15, seed: 20261123 },
        );
      }
      expect(failures).toEqual([]);
    },
    // 15 random bodies for each of ~35 operations, each with two fingerprints of the database.
    240_000,
  );

  it.each(['admin', 'client'] as const)(
    'should refuse huge, negative, fractional and exponent numbers in every field with a 4xx, changing nothing (%s)',
    async (who) => {
      const agent = who === 'admin' ? admin : client;
      const failures: string[] = [];
      for (const op of operations) {
        for (const property of op.properties) {
          for (const number of HOSTILE_NUMBERS) {
            const before = await fingerprint();
            const body = `{"${property}":${JSON.stringify(number)}}`;
            const res = await agent.post(op.path).set('content-type', 'application/json').send(body);
            if (res.status >= 500) failures.push(`${op.id} ${res.status} ${body}`);
            else if (res.status >= 400 && (await fingerprint()) !== before) failures.push(`${op.id} changed ${body}`);
          }
        }
      }
      expect(failures).toEqual([]);
    },
    240_000,
  );

  it('should answer hostile text and extreme dates in every string field of a valid body below 500, refusing half emojis, changing nothing when it refuses', async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.id in EXAMPLES)) {
      const example = EXAMPLES[op.id];
      for (const property of op.strings) {
        for (const text of HOSTILE_TEXT) {
          const before = await fingerprint();
          const body = { ...example.body(examples.fixture), [property]: text };
          const res = await examples.agents[example.role].post(op.path).send(body);
          const label = `${op.id}.${property}=${JSON.stringify(text)}`;
          if (res.status >= 500) failures.push(`${label}: ${res.status}`);
          else if (LONE_SURROGATE.test(text) && res.body.code !== 'MALFORMED_TEXT') {
            failures.push(`${label}: ${res.status} ${String(res.body.code)}`);
          } else if (res.status >= 400 && (await fingerprint()) !== before) failures.push(`${label}: changed`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('should store SQL and script text in every text field as plain text and answer it back unchanged', async () => {
    const name = "<script>alert('x')</script> Robert'); DROP TABLE users;--";
    const email = `o'brien+${Date.now()}@example.com`;
    const res = await admin
      .post('/api/admin/add-user')
      .send({ name, email, cumpleanos: '1990-01-01', password: 'clave-segura-1', confirmPassword: 'clave-segura-1' })
      .expect(201);
    expect(res.body.user.name).toBe(name);
    const found = await admin.post('/api/informacion/get-users').send({ search: 'DROP TABLE users;--' }).expect(200);
    expect(found.body.usuarios).toEqual([expect.objectContaining({ name, email })]);
    const plan = await admin
      .post('/api/planes/catalogo/add')
      .send({ name: '<img src=x onerror=alert(1)>', price: 10, classes: 1 })
      .expect(201);
    const catalogue = await t.agent().get('/api/planes/get-planes').expect(200);
    expect(catalogue.body.planes.find((p: { id: number }) => p.id === plan.body.plan.id).name).toBe(
      '<img src=x onerror=alert(1)>',
    );
    // The JSON answers are JSON, never HTML a browser would render.
    expect(catalogue.headers['content-type']).toMatch(/^application\/json/);
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM users'))[0].n)).toBeGreaterThan(1);
  });
});
