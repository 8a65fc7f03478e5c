import { connect, type Socket } from 'node:net';
import { registerUser } from './helpers/accounts';
import { createTestApp, TestApp } from './helpers/test-app';

const PRODUCTION = { NODE_ENV: 'production', MP_ACCESS_TOKEN: 'APP_USR-prueba', MP_WEBHOOK_SECRET: 'secreto-prueba' };

const nested = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('hostile input and answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('should refuse a body nested 5000 levels deep with a Spanish 400 before validation, fast, without a session', async () => {
    const body = `{"date":${nested(5000)}}`;
    const started = process.hrtime.bigint();
    const res = await t
      .agent()
      .post('/api/reservations/get-information')
      .set('Content-Type', 'application/json')
      .send(body)
      .expect(400);
    const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
    expect(res.body).toEqual({
      success: false,
      code: 'BODY_TOO_DEEP',
      error: 'La solicitud tiene demasiados niveles anidados.',
    });
    // The whole round trip through supertest; the refusal itself takes well under 5 ms.
    expect(elapsedMs).toBeLessThan(200);
    // The same on a route that needs a session, and for objects as well as arrays.
    const objects = `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`;
    const login = await t.agent().post('/api/auth/login').set('Content-Type', 'application/json').send(objects);
    expect(login.status).toBe(400);
    expect(login.body.code).toBe('BODY_TOO_DEEP');
  });

  it('should let ordinary nesting through to validation', async () => {
    const res = await t
      .agent()
      .post('/api/reservations/get-information')
      .set('Content-Type', 'application/json')
      .send(`{"date":${nested(20)}}`)
      .expect(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it('should mark every authenticated API answer no-store, and let the public catalogue be cached a minute', async () => {
    const { agent } = await registerUser(t, { email: 'cache@example.com' });
    const answers: [string, number, { status: number; headers: Record<string, string> }][] = [
      ['get-cookie', 200, await agent.get('/api/get-cookie')],
      ['get-clases', 200, await agent.post('/api/informacion/get-clases').send({})],
      ['get-planes', 200, await agent.post('/api/informacion/get-planes').send({})],
      ['purchases', 200, await agent.get('/api/mercadopago/purchases')],
      ['change-info-user', 400, await agent.post('/api/informacion/change-info-user').send({ id_user: 'x' })],
    ];
    for (const [name, status, res] of answers) {
      expect({ name, status: res.status, cache: res.headers['cache-control'] }).toEqual({
        name,
        status,
        cache: 'no-store',
      });
    }
    const catalogue = await t.http().get('/api/planes/get-planes').expect(200);
    expect(catalogue.headers['cache-control']).toBe('public, max-age=60');
  });

  it('should serve the Swagger UI outside production', async () => {
    await t.http().get('/api/docs').expect(200);
  });
});

describe('API documentation in production', () => {
  it('should hide the Swagger UI unless API_DOCS=1, and keep the JSON document', async () => {
    const hidden = await createTestApp({ env: PRODUCTION });
    try {
      await hidden.http().get('/api/docs').expect(404);
      const doc = await hidden.http().get('/api/docs-json').expect(200);
      expect(doc.body.openapi).toMatch(/^3\./);
    } finally {
      await hidden.close();
    }
    const shown = await createTestApp({ env: { ...PRODUCTION, API_DOCS: '1' } });
    try {
      await shown.http().get('/api/docs').expect(200);
    } finally {
      await shown.close();
    }
  });
});

describe('timeouts', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { REQUEST_TIMEOUT_SECONDS: '2', HEADERS_TIMEOUT_SECONDS: '1' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.getHttpServer().address() as { port: number }).port;
  });
  afterAll(() => t.close());

  /** Opens a connection, runs `trickle` on it, and resolves with the ms until the server closed it. */
  const timeUntilClosed = (trickle: (socket: Socket) => NodeJS.Timeout, limitMs: number) =>
    new Promise<{ ms: number; answer: string }>((resolve, reject) => {
      const started = Date.now();
      let answer = '';
      const socket = connect(port, '127.0.0.1');
      let timer: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        timer = trickle(socket);
      });
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        clearTimeout(guard);
        resolve({ ms: Date.now() - started, answer });
      });
      const guard = setTimeout(() => {
        clearInterval(timer);
        socket.destroy();
        reject(new Error(`the server kept the connection open for ${limitMs} ms`));
      }, limitMs);
    });

  it('should cut a body trickled one byte at a time within the request timeout', async () => {
    const { ms, answer } = await timeUntilClosed((socket) => {
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          'X-Requested-With: pilates-web\r\nContent-Length: 1000\r\n\r\n{',
      );
      return setInterval(() => socket.write(' '), 300);
    }, 8000);
    // 2 s of REQUEST_TIMEOUT_SECONDS, checked every second.
    expect(ms).toBeGreaterThanOrEqual(1900);
    expect(ms).toBeLessThan(4500);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('should close a connection that never finishes its headers within the headers timeout', async () => {
    const { ms } = await timeUntilClosed((socket) => {
      socket.write('GET /api/health HTTP/1.1\r\n');
      return setInterval(() => socket.write('X-Lento: 1\r\n'), 200);
    }, 8000);
    expect(ms).toBeLessThan(3500);
  });
});
