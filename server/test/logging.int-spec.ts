import { Body, Controller, Get, HttpCode, Logger, Module, Post } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import supertest from 'supertest';
import { Public } from '../src/core/auth/auth.decorators';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/core/auth/csrf.guard';
import { loadConfig } from '../src/core/config/app-config';
import { createApp } from '../src/core/http/create-app';
import { cookieHeader, validRegistration } from './helpers/accounts';
import { builtClientDir } from './helpers/built-client';
import { createTestDatabase, TestDatabase } from './helpers/test-database';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ADMIN = { email: 'admin@test.local', password: 'admin-password-1' };

/** Logs through Nest's own Logger and fails the way a bug would, inside a request. */
@Controller('probe-logs')
class LogProbeController {
  private readonly logger = new Logger('LogProbe');

  @Public() @Get('hello') hello() {
    this.logger.log('hola desde la sonda');
    return { success: true };
  }
  @Public() @Post('crash') @HttpCode(200) crash(@Body() _body: unknown) {
    throw new Error('falla interna de prueba');
  }
  @Public() @Get('leak') leak() {
    throw new Error('no se pudo leer https://estudio.example/api/calendar/token-en-un-error-0123456789.ics');
  }
}

@Module({ controllers: [LogProbeController] })
class LogProbeModule {}

interface LogLine {
  level: string;
  time: string;
  msg: string;
  reqId?: string;
  context?: string;
  responseTime?: number;
  req?: { id: string; method: string; url: string; headers: Record<string, unknown> };
  res?: { statusCode: number; headers: Record<string, unknown> };
  err?: { message: string; stack?: string };
}

describe('structured logs (issue #8)', () => {
  const raw: string[] = [];
  const lines = (): LogLine[] => raw.map((line) => JSON.parse(line) as LogLine);
  const requestLine = (requestId: string) => lines().find((line) => line.req && line.reqId === requestId);

  let app: NestFastifyApplication;
  let database: TestDatabase;
  let dataDir: string;
  const http = () => supertest(app.getHttpServer());

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pilates-logs-'));
    // The built client, so pages and static files are answered (and logged) too.
    const clientDir = builtClientDir();
    database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      AUTH_RATE_LIMIT: '10000',
      CLIENT_DIR: clientDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    });
    app = await createApp(config, {
      extraModules: [LogProbeModule],
      logging: { level: 'info', destination: { write: (line: string) => raw.push(line) } },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('request id', () => {
    it('should answer every request with a generated x-request-id and log the same id', async () => {
      const res = await http().get('/api/health').expect(200);
      const id = res.headers['x-request-id'];
      expect(id).toMatch(UUID);
      const line = requestLine(id);
      expect(line).toMatchObject({ level: 'info', req: { id, method: 'GET', url: '/api/health' } });
      expect(line?.res?.statusCode).toBe(200);
      expect(typeof line?.responseTime).toBe('number');
      expect(line?.msg).toBe('GET /api/health 200');
    });

    it('should echo a safe incoming x-request-id', async () => {
      const id = 'proxy-Req_0123456789';
      const res = await http().get('/api/health').set('x-request-id', id).expect(200);
      expect(res.headers['x-request-id']).toBe(id);
      expect(requestLine(id)).toBeDefined();
    });

    it.each([
      ['with spaces and symbols', 'abc def;<script>'],
      ['longer than 64 characters', 'a'.repeat(65)],
      ['JSON-looking text', '{"level":"error"}'],
    ])('should replace an unsafe incoming x-request-id (%s) with a new one', async (_case, unsafe) => {
      const res = await http().get('/api/health').set('x-request-id', unsafe).expect(200);
      const id = res.headers['x-request-id'];
      expect(id).toMatch(UUID);
      // The header itself is logged as received (JSON-escaped); the id is the new one.
      expect(requestLine(id)?.req?.id).toBe(id);
      expect(lines().some((line) => line.reqId === unsafe)).toBe(false);
    });

    it('should answer unknown paths and error answers with the id too', async () => {
      const res = await http().get('/api/no-existe').expect(404);
      expect(res.headers['x-request-id']).toMatch(UUID);
      expect(requestLine(res.headers['x-request-id'])?.res?.statusCode).toBe(404);
    });
  });

  it('should log pages and static files of the client as well', async () => {
    const asset = await http().get('/favicon.svg').expect(200);
    expect(requestLine(asset.headers['x-request-id'])).toMatchObject({
      req: { url: '/favicon.svg' },
      res: { statusCode: 200 },
    });
    const page = await http().get('/pilates').expect(200);
    expect(requestLine(page.headers['x-request-id'])).toMatchObject({
      req: { url: '/pilates' },
      res: { statusCode: 200 },
    });
  });

  describe('Nest Logger calls', () => {
    it("should come out as JSON with their context and the request's id", async () => {
      const res = await http().get('/api/probe-logs/hello').expect(200);
      const id = res.headers['x-request-id'];
      expect(lines()).toContainEqual(
        expect.objectContaining({ level: 'info', context: 'LogProbe', msg: 'hola desde la sonda', reqId: id }),
      );
    });

    it("should log a 5xx from the exception filter as an error with the request's id, also after a JSON body", async () => {
      const res = await http()
        .post('/api/probe-logs/crash')
        .set(CSRF_HEADER, CSRF_HEADER_VALUE)
        .send({ password: 'cuerpo-secreto-123' })
        .expect(500);
      const id = res.headers['x-request-id'];
      expect(id).toMatch(UUID);
      const filterLine = lines().find((line) => line.context === 'ApiExceptionFilter' && line.reqId === id);
      expect(filterLine).toMatchObject({ level: 'error' });
      expect(JSON.stringify(filterLine)).toContain('falla interna de prueba');
      expect(requestLine(id)).toMatchObject({ level: 'error', res: { statusCode: 500 } });
      expect(raw.join('\n')).not.toContain('cuerpo-secreto-123');
    });
  });

  describe('redaction', () => {
    it('should never log the password, the session cookie or the set-cookie of a login', async () => {
      const login = await http()
        .post('/api/auth/login')
        .set(CSRF_HEADER, CSRF_HEADER_VALUE)
        .set('authorization', 'Bearer token-de-cabecera-secreto')
        .send(ADMIN)
        .expect(200);
      const setCookies = cookieHeader(login);
      expect(setCookies.length).toBeGreaterThan(0);
      const cookie = setCookies.map((c) => c.split(';')[0]).join('; ');
      const sessionValue = setCookies[0].split(';')[0].split('=').slice(1).join('=');
      expect(sessionValue.length).toBeGreaterThan(20);

      const me = await http().get('/api/get-cookie').set('cookie', cookie).expect(200);

      const loginLine = requestLine(login.headers['x-request-id']);
      expect(loginLine).toMatchObject({ req: { method: 'POST', url: '/api/auth/login' }, res: { statusCode: 200 } });
      expect(loginLine?.req?.headers.authorization).toBe('[redactado]');
      expect(loginLine?.res?.headers['set-cookie']).toBe('[redactado]');
      expect(requestLine(me.headers['x-request-id'])?.req?.headers.cookie).toBe('[redactado]');

      const all = raw.join('\n');
      expect(all).not.toContain(ADMIN.password);
      expect(all).not.toContain(sessionValue);
      expect(all).not.toContain('token-de-cabecera-secreto');
    });

    it("should log a mail by its queue id and subject, without the recipient's address", async () => {
      const email = 'clienta.privada@example.com';
      await http()
        .post('/api/auth/register')
        .set(CSRF_HEADER, CSRF_HEADER_VALUE)
        .send(validRegistration({ email }))
        .expect(201);
      await http().post('/api/forgot-password').set(CSRF_HEADER, CSRF_HEADER_VALUE).send({ email }).expect(200);
      const deadline = Date.now() + 5000;
      let mailLine: LogLine | undefined;
      while (!(mailLine = lines().find((line) => /^Correo \d+ /.test(line.msg))) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(mailLine?.context).toBe('Mail');
      expect(raw.join('\n')).not.toContain(email);
    });

    it("should log the calendar feed's path with its token redacted", async () => {
      const agent = supertest.agent(app.getHttpServer()).set(CSRF_HEADER, CSRF_HEADER_VALUE);
      await agent
        .post('/api/auth/register')
        .send(validRegistration({ email: 'feed@example.com' }))
        .expect(201);
      const feedUrl = (await agent.post('/api/informacion/calendar-feed').expect(200)).body.url as string;
      const path = new URL(feedUrl).pathname;
      const token = path.slice('/api/calendar/'.length, -'.ics'.length);
      expect(token.length).toBeGreaterThan(20);

      const res = await http().get(path).expect(200);
      const line = requestLine(res.headers['x-request-id']);
      expect(line?.req?.url).toBe('/api/calendar/[redactado].ics');
      expect(line?.msg).toBe('GET /api/calendar/[redactado].ics 200');
      expect(raw.join('\n')).not.toContain(token);
    });

    it("should log the password-reset page's path with its token redacted", async () => {
      const token = 'token-de-restablecimiento-0123456789abcdef';
      const res = await http().get(`/pilates/reset-password/${token}`).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const line = requestLine(res.headers['x-request-id']);
      expect(line?.req?.url).toBe('/pilates/reset-password/[redactado]');
      expect(raw.join('\n')).not.toContain(token);
    });

    it('should hide a secret URL inside an error message and its stack', async () => {
      const res = await http().get('/api/probe-logs/leak').expect(500);
      const filterLine = lines().find(
        (line) => line.context === 'ApiExceptionFilter' && line.reqId === res.headers['x-request-id'],
      );
      expect(filterLine?.msg).toContain('https://estudio.example/api/calendar/[redactado].ics');
      expect(raw.join('\n')).not.toContain('token-en-un-error-0123456789');
    });

    it("should keep the Mercado Pago webhook's query readable and hide its signature", async () => {
      const res = await http()
        .post('/api/mercadopago/webhook?data.id=123456&type=payment')
        .set('x-signature', 'ts=1,v1=firma-secreta-hex')
        .send({ type: 'payment', data: { id: '123456' } });
      const line = requestLine(res.headers['x-request-id']);
      expect(line?.req?.url).toBe('/api/mercadopago/webhook?data.id=123456&type=payment');
      expect(line?.req?.headers['x-signature']).toBe('[redactado]');
      expect(raw.join('\n')).not.toContain('firma-secreta-hex');
    });
  });
});
