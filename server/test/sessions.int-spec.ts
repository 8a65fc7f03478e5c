import { JwtService } from '@nestjs/jwt';
import { Session } from '../src/core/auth/session.entity';
import { SESSION_COOKIE } from '../src/core/auth/session';
import { FixedClock } from '../src/core/clock/clock';
import { cookieHeader, loginAs, registerUser } from './helpers/accounts';
import { createTestApp, TestApp } from './helpers/test-app';

const DAY_MS = 24 * 3600 * 1000;
const LOGIN_TIME = new Date('2026-11-23T12:00:00.000Z');

const sessionToken = (res: { headers: Record<string, unknown> }): string => {
  const cookie = cookieHeader(res).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('no session cookie in the answer');
  return cookie.split(';')[0].slice(SESSION_COOKIE.length + 1);
};

describe('server-side sessions', () => {
  let t: TestApp;
  const clock = new FixedClock(LOGIN_TIME);

  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(LOGIN_TIME));

  const replay = (token: string) => t.http().get('/api/get-cookie').set('Cookie', `${SESSION_COOKIE}=${token}`);

  it('should revoke the session on logout, so a copied cookie replayed afterwards gets 401', async () => {
    const { agent } = await registerUser(t, { email: 'copia@example.com' });
    const login = await t
      .agent()
      .post('/api/auth/login')
      .send({ email: 'copia@example.com', password: 'clave-segura-1' });
    const copied = sessionToken(login);
    await replay(copied).expect(200);

    const logout = await t.agent().set('Cookie', `${SESSION_COOKIE}=${copied}`).post('/api/auth/logout').expect(200);
    expect(cookieHeader(logout).join()).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    const res = await replay(copied).expect(401);
    expect(res.body).toEqual({ success: false, code: 'UNAUTHENTICATED', error: 'Debes iniciar sesión.' });
    const row = await t.dataSource
      .getRepository(Session)
      .findOneByOrFail({ id: (t.app.get(JwtService).decode(copied) as { sid: string }).sid });
    expect(row.revokedAt).not.toBeNull();
    // Another device's session of the same user goes on.
    await agent.get('/api/get-cookie').expect(200);
  });

  it('should refuse a token without a session id, even when signed with the server’s secret', async () => {
    const { user } = await registerUser(t, { email: 'sin-sid@example.com' });
    const legacy = t.app.get(JwtService).sign({ sub: user.id, sv: 0 });
    await replay(legacy).expect(401);
  });

  it('should end every session of the user with logout-all', async () => {
    const { agent: phone } = await registerUser(t, { email: 'todos@example.com' });
    const laptop = await loginAs(t, 'todos@example.com', 'clave-segura-1');
    const res = await laptop.post('/api/auth/logout-all').expect(200);
    expect(res.body).toEqual({ success: true });
    await laptop.get('/api/get-cookie').expect(401);
    await phone.get('/api/get-cookie').expect(401);
    await t.agent().post('/api/auth/logout-all').expect(401);
  });

  it('should renew the cookie while used, but never past 30 days from login', async () => {
    const { agent } = await registerUser(t, { email: 'treinta@example.com' });
    const fresh = await agent.get('/api/get-cookie').expect(200);
    expect(cookieHeader(fresh)).toEqual([]);

    // Used every day for 29 days: renewed each time, so the 14-day token never runs out.
    let token = '';
    for (let day = 2; day <= 29; day += 2) {
      clock.set(new Date(LOGIN_TIME.getTime() + day * DAY_MS));
      const renewed = await agent.get('/api/get-cookie').expect(200);
      token = sessionToken(renewed);
    }
    // Day 29: the renewed token and cookie end with the session, 30 days after login.
    const { exp } = t.app.get(JwtService).decode(token) as { exp: number };
    expect(exp * 1000).toBe(LOGIN_TIME.getTime() + 30 * DAY_MS);

    clock.set(new Date(LOGIN_TIME.getTime() + 30 * DAY_MS - 1000));
    await replay(token).expect(200);
    clock.set(new Date(LOGIN_TIME.getTime() + 30 * DAY_MS + 1000));
    await replay(token).expect(401);
    await agent.get('/api/get-cookie').expect(401);
  });

  it('should refuse a token past its own expiry by the server’s clock', async () => {
    const { agent } = await registerUser(t, { email: 'catorce@example.com' });
    clock.set(new Date(LOGIN_TIME.getTime() + 14 * DAY_MS + 1000));
    await agent.get('/api/get-cookie').expect(401);
  });

  describe('change password', () => {
    it('should need the current password, end the other sessions and keep this one', async () => {
      const { agent: here } = await registerUser(t, { email: 'cambio@example.com' });
      const elsewhere = await loginAs(t, 'cambio@example.com', 'clave-segura-1');

      const wrong = await here
        .post('/api/auth/change-password')
        .send({ currentPassword: 'no-es-esta', newPassword: 'nueva-clave-9', confirmPassword: 'nueva-clave-9' })
        .expect(400);
      expect(wrong.body).toEqual({
        success: false,
        code: 'CURRENT_PASSWORD_WRONG',
        error: 'La contraseña actual no es correcta.',
      });
      await elsewhere.get('/api/get-cookie').expect(200);

      const res = await here
        .post('/api/auth/change-password')
        .send({ currentPassword: 'clave-segura-1', newPassword: 'nueva-clave-9', confirmPassword: 'nueva-clave-9' })
        .expect(200);
      expect(res.body).toEqual({ success: true });
      await here.get('/api/get-cookie').expect(200);
      await elsewhere.get('/api/get-cookie').expect(401);
      await t
        .agent()
        .post('/api/auth/login')
        .send({ email: 'cambio@example.com', password: 'clave-segura-1' })
        .expect(401);
      await loginAs(t, 'cambio@example.com', 'nueva-clave-9');
    });

    it('should validate the form with Spanish messages and refuse a guest', async () => {
      const { agent } = await registerUser(t, { email: 'form@example.com' });
      const empty = await agent.post('/api/auth/change-password').send({}).expect(400);
      expect(empty.body.error).toEqual({
        currentPassword: ['Escribe tu contraseña actual'],
        newPassword: ['La nueva contraseña es obligatoria'],
        confirmPassword: ['Confirma tu contraseña'],
      });
      const bad = await agent
        .post('/api/auth/change-password')
        .send({ currentPassword: 'clave-segura-1', newPassword: 'corta', confirmPassword: 'otra' })
        .expect(400);
      expect(bad.body.error).toEqual({
        newPassword: ['Debe tener al menos 8 caracteres'],
        confirmPassword: ['Las contraseñas no coinciden'],
      });
      await t
        .agent()
        .post('/api/auth/change-password')
        .send({ currentPassword: 'x', newPassword: 'nueva-clave-9', confirmPassword: 'nueva-clave-9' })
        .expect(401);
    });
  });
});
