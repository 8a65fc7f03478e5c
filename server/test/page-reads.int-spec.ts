import type { FastifyInstance } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/core/auth/csrf.guard';
import { FixedClock } from '../src/core/clock/clock';
import type { PageRead } from '../src/core/http/page-reads.port';
import { PageReads } from '../src/pages/page-reads';
import { giveHealthProfile, registerUser } from './helpers/accounts';
import { ADMIN, NEXT_MONDAY, NOW, givePlan, scheduleAt } from './helpers/booking';
import { createTestApp, TestApp } from './helpers/test-app';

const JSON_HEADERS = {
  [CSRF_HEADER]: CSRF_HEADER_VALUE,
  'content-type': 'application/json',
  accept: 'application/json',
};
const get = (url: string): PageRead => ({ method: 'GET', url, headers: { accept: 'application/json' } });
const post = (url: string, body: unknown, headers: Record<string, string> = JSON_HEADERS): PageRead => ({
  method: 'POST',
  url,
  headers,
  body: JSON.stringify(body),
});

describe("a server-rendered page's API reads answered in-process (PageReads)", () => {
  let t: TestApp;
  const clock = new FixedClock(NOW);
  let client: string;
  let admin: string;
  let clientId: number;
  let otherId: number;

  /** The session cookie a login or registration sets, as a browser sends it back. */
  const cookieOf = (setCookie: string[] | string | undefined): string =>
    ([] as string[])
      .concat(setCookie ?? [])
      .map((cookie) => cookie.split(';')[0])
      .join('; ');

  /** What the API itself answers the same read with, through the whole server. */
  const apiAnswer = async (cookie: string | undefined, read: PageRead) => {
    const fastify = t.app.getHttpAdapter().getInstance() as FastifyInstance;
    const injected = await fastify.inject({
      method: read.method as 'GET',
      url: read.url,
      headers: { ...(cookie ? { cookie } : {}), ...read.headers },
      payload: read.body,
    });
    return { status: injected.statusCode, body: injected.body };
  };

  const direct = (cookie: string | undefined, read: PageRead) => t.app.get(PageReads).forPage(cookie)(read);

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const registered = await t
      .http()
      .post('/api/auth/register')
      .set(CSRF_HEADER, CSRF_HEADER_VALUE)
      .send({
        name: 'Paula Directa',
        email: 'paula.directa@example.com',
        cumpleanos: '1991-02-03',
        password: 'clave-segura-1',
        confirmPassword: 'clave-segura-1',
        terms: true,
      })
      .expect(201);
    client = cookieOf(registered.headers['set-cookie']);
    clientId = registered.body.user.id;
    const login = await t.http().post('/api/auth/login').set(CSRF_HEADER, CSRF_HEADER_VALUE).send(ADMIN).expect(200);
    admin = cookieOf(login.headers['set-cookie']);
    otherId = (await registerUser(t, { email: 'otra.persona@example.com' })).user.id;
    await givePlan(t, clientId, { classes: 8 });
    await giveHealthProfile(t, clientId);
    const monday = await scheduleAt(t, 1, '07:00');
    await t
      .http()
      .post('/api/reservations/push-reservation')
      .set(CSRF_HEADER, CSRF_HEADER_VALUE)
      .set('cookie', client)
      .send({ date: NEXT_MONDAY, classReservation: monday.id })
      .expect(201);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['the session of a client', 'client', get('/api/get-cookie')],
    ['the session of an admin', 'admin', get('/api/get-cookie')],
    ['the studio', undefined, get('/api/studio')],
    ['the plan catalogue', undefined, get('/api/planes/get-planes')],
    ["a day's classes for a guest", undefined, post('/api/reservations/get-information', { date: NEXT_MONDAY })],
    [
      "a day's classes for a client who booked one",
      'client',
      post('/api/reservations/get-information', { date: NEXT_MONDAY }),
    ],
    [
      "a day's classes for a cookie that names no session",
      'bogus',
      post('/api/reservations/get-information', { date: NEXT_MONDAY }),
    ],
    ["a client's own plans", 'client', post('/api/informacion/get-planes', { pagination: 1, limit: 5 })],
    ["another user's plans, read by an admin", 'admin', post('/api/informacion/get-planes', { id: 0, pagination: 1 })],
  ])('should answer %s exactly as the API does, without going through the server', async (_name, who, read) => {
    const cookie =
      who === 'client' ? client : who === 'admin' ? admin : who === 'bogus' ? 'session=no-es-un-token' : undefined;
    const withIds = read.body ? { ...read, body: read.body.replace('"id":0', `"id":${otherId}`) } : read;
    const answer = await direct(cookie, withIds);
    expect(answer).toBeDefined();
    expect(answer).toEqual(await apiAnswer(cookie, withIds));
    expect(answer!.status).toBe(200);
  });

  it.each([
    ['a guest asking for their session (401)', undefined, get('/api/get-cookie')],
    [
      'a body without the CSRF header (403)',
      'client',
      post('/api/reservations/get-information', { date: NEXT_MONDAY }, { 'content-type': 'application/json' }),
    ],
    ['plans without a session (401)', undefined, post('/api/informacion/get-planes', { pagination: 1 })],
    ['an address it does not list', undefined, get('/api/health')],
  ])('should leave %s to the API itself', async (_name, who, read) => {
    const cookie = who === 'client' ? client : undefined;
    const withIds = read.body ? { ...read, body: read.body.replace('"id":0', `"id":${otherId}`) } : read;
    expect(await direct(cookie, withIds)).toBeUndefined();
  });

  it.each([
    ['a date the API refuses (400)', undefined, post('/api/reservations/get-information', { date: '2026-13-45' }), 400],
    [
      'a field the API does not know (400)',
      undefined,
      post('/api/reservations/get-information', { date: NEXT_MONDAY, x: 1 }),
      400,
    ],
    ["another user's plans, read by a client (403)", 'client', post('/api/informacion/get-planes', { id: 0 }), 403],
  ])(
    "should answer %s with the API's own error answer, without going through the server",
    async (_name, who, read, status) => {
      const cookie = who === 'client' ? client : undefined;
      const withIds = read.body ? { ...read, body: read.body.replace('"id":0', `"id":${otherId}`) } : read;
      const answer = await direct(cookie, withIds);
      expect(answer).toEqual(await apiAnswer(cookie, withIds));
      expect(answer!.status).toBe(status);
      expect(JSON.parse(answer!.body)).toMatchObject({ success: false });
    },
  );

  it('should leave a session due for renewal to the API, whose answer renews it', async () => {
    const read = post('/api/reservations/get-information', { date: NEXT_MONDAY });
    clock.set(new Date(NOW.getTime() + 25 * 3600 * 1000));
    try {
      expect(await direct(client, read)).toBeUndefined();
      expect(await direct(client, get('/api/get-cookie'))).toBeUndefined();
    } finally {
      clock.set(NOW);
    }
  });
});
