import { connect, type Socket } from 'node:net';
import { registerUser, validRegistration } from './helpers/accounts';
import { createTestApp, TestApp } from './helpers/test-app';

const PRODUCTION = { NODE_ENV: 'production', MP_ACCESS_TOKEN: 'APP_USR-prueba', MP_WEBHOOK_SECRET: 'secreto-prueba' };

const nested = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('hostile input and answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('should refuse a body nested 5000 levels deep with a Spanish 400 before validation, without a session', async () => {
    const body = `{"date":${nested(5000)}}`;
    const res = await t
      .agent()
      .post('/api/reservations/get-information')
      .set('Content-Type', 'application/json')
      .send(body)
      .expect(400);
    expect(res.body).toEqual({
      success: false,
      code: 'BODY_TOO_DEEP',
      error: 'La solicitud tiene demasiados niveles anidados.',
    });
    // BODY_TOO_DEEP, not VALIDATION_ERROR (next test): refused while parsing, before any validator
    // walked the 5000 levels. How fast is the bench's business, not a timed test's.
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

describe('malformed and hidden text', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const MALFORMED = {
    success: false,
    code: 'MALFORMED_TEXT',
    error:
      'El texto enviado tiene caracteres mal formados (por ejemplo, mitades de un emoji). Revísalo y vuelve a intentarlo.',
  };
  const NAME_MESSAGE =
    'El nombre no puede tener caracteres invisibles, de control ni que cambien la dirección del texto.';

  it('should refuse a lone surrogate in login, forgot-password and register with a Spanish 400, without a session', async () => {
    const email = '"\\ud800@x.test"';
    const bodies: [string, string][] = [
      ['/api/auth/login', `{"email":${email},"password":"una-clave-cualquiera"}`],
      ['/api/forgot-password', `{"email":${email}}`],
      [
        '/api/auth/register',
        `{"name":"Ana","email":${email},"cumpleanos":"1990-01-01","password":"clave-segura-1","confirmPassword":"clave-segura-1","terms":true}`,
      ],
      // A low surrogate alone, in a key, and deep in a value: the same.
      ['/api/auth/login', '{"email":"ana\\udc00@x.test","password":"x"}'],
      ['/api/reservations/get-information', '{"date":"2026-11-23","\\ud83d":1}'],
      ['/api/reservations/get-information', '{"date":["a",["\\ud83dx"]]}'],
    ];
    for (const [path, body] of bodies) {
      const res = await t.agent().post(path).set('Content-Type', 'application/json').send(body);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 400, body: MALFORMED });
    }
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM users'))[0].n)).toBe(1);
    // A whole emoji (a surrogate pair) is well-formed text.
    const emoji = await t
      .agent()
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email":"ana\\ud83d\\ude00@x.test","password":"una-clave-cualquiera"}');
    expect(emoji.body.code).not.toBe('MALFORMED_TEXT');
  });

  it('should store names in composed form (NFC), so the same name is always the same text', async () => {
    const decomposed = 'Jose\u0301 Pen\u0303a';
    const { agent, user } = await registerUser(t, { name: decomposed, email: 'nfc@example.com' });
    expect(user.name).toBe('José Peña');
    expect(user.name).toHaveLength(9);
    const changed = await agent.post('/api/informacion/change-info-user').send({ name: 'Mari\u0301a' }).expect(200);
    expect(changed.body.user.name).toBe('María');
    const [row] = await t.dataSource.query('SELECT name FROM users WHERE id = ?', [user.id]);
    expect(row.name).toBe('María');
  });

  it('should refuse names with control, zero-width and direction-changing characters, wherever a name is written', async () => {
    const hostile = [
      'Ana\u202Ezepol', // right-to-left override
      'Ana\u2067x\u2069', // right-to-left isolate
      'A\u200Bna', // zero-width space
      'Ana\u200F', // right-to-left mark
      'An\uFEFFa', // byte-order mark (trimmed at the ends, refused inside)
      'Ana\u0000', // NUL
      'Ana\u0085', // C1 control
    ];
    const admin = t.agent();
    await admin.post('/api/auth/login').send({ email: 'admin@test.local', password: 'admin-password-1' }).expect(200);
    const { agent } = await registerUser(t, { email: 'nombres@example.com' });
    for (const name of hostile) {
      const register = await t
        .agent()
        .post('/api/auth/register')
        .send({ ...validRegistration({ email: 'otra@example.com' }), name });
      expect({ name, status: register.status, error: register.body.error }).toEqual({
        name,
        status: 400,
        error: { name: [NAME_MESSAGE] },
      });
      const own = await agent.post('/api/informacion/change-info-user').send({ name });
      expect({ name, status: own.status, error: own.body.error }).toEqual({
        name,
        status: 400,
        error: { name: [NAME_MESSAGE] },
      });
      const plan = await admin.post('/api/planes/catalogo/add').send({ name, price: 10, classes: 1 });
      expect({ name, status: plan.status }).toEqual({ name, status: 400 });
      const instructor = await admin.post('/api/admin/instructores/add').send({ name });
      expect({ name, status: instructor.status, field: Object.keys(instructor.body.error ?? {}) }).toEqual({
        name,
        status: 400,
        field: ['name'],
      });
    }
    // Accents, ñ, apostrophes and hyphens are ordinary name text.
    await agent.post('/api/informacion/change-info-user').send({ name: "Ñuño O'Connor-Íñiguez" }).expect(200);
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM users'))[0].n)).toBe(3);
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM instructors'))[0].n)).toBe(0);
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
