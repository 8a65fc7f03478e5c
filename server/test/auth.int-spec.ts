import { JwtService } from '@nestjs/jwt';
import { createHash } from 'node:crypto';
import { User } from '../src/auth/entities/user.entity';
import { LoginFailure } from '../src/auth/entities/login-failure.entity';
import { PasswordResetToken } from '../src/auth/entities/password-reset-token.entity';
import { SESSION_COOKIE } from '../src/core/auth/session';
import {
  cookieHeader,
  loginAs,
  outboxCount,
  readOutboxMail,
  registerUser,
  validRegistration,
} from './helpers/accounts';
import { createTestApp, TestApp } from './helpers/test-app';

describe('accounts and sessions', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_URL: 'https://estudio.example' } });
  });
  afterAll(() => t.close());

  const users = () => t.dataSource.getRepository(User);

  describe('register', () => {
    it('should create the account, start a session and answer the session user without the token', async () => {
      const agent = t.agent();
      const res = await agent
        .post('/api/auth/register')
        .send(validRegistration({ email: '  Reg.One@Example.COM ', name: ' Regina ' }))
        .expect(201);

      expect(res.body).toEqual({
        success: true,
        user: {
          id: expect.any(Number),
          name: 'Regina',
          email: 'reg.one@example.com',
          phone: null,
          role: 'user',
          cumpleanos: '1990-05-17',
          favouriteSpot: null,
        },
      });
      const cookie = cookieHeader(res).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/Secure/i);
      const token = cookie!.split(';')[0].split('=')[1];
      expect(JSON.stringify(res.body)).not.toContain(token);

      const session = await agent.get('/api/get-cookie').expect(200);
      expect(session.body).toEqual({ success: true, user: res.body.user });
      expect(JSON.stringify(session.body)).not.toContain(token);
      expect(session.headers['cache-control']).toBe('no-store');

      const stored = await users().findOneByOrFail({ email: 'reg.one@example.com' });
      expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    });

    it('should answer every missing field with its Spanish message', async () => {
      const res = await t.agent().post('/api/auth/register').send({}).expect(400);
      expect(res.body).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        error: {
          name: ['El nombre es obligatorio'],
          email: ['El email es obligatorio'],
          cumpleanos: ['El cumpleaños es obligatorio'],
          password: ['La contraseña es obligatoria'],
          confirmPassword: ['Confirma tu contraseña'],
          terms: ['Debes aceptar los términos y condiciones'],
        },
      });
    });

    it('should refuse short passwords, a different confirmation, an invalid date and unaccepted terms', async () => {
      const res = await t
        .agent()
        .post('/api/auth/register')
        .send(
          validRegistration({
            password: 'corta',
            confirmPassword: 'distinta1',
            cumpleanos: '1990-02-30',
            terms: false,
            email: 'no-es-email',
          }),
        )
        .expect(400);
      expect(res.body.error).toEqual({
        email: ['El correo no es válido'],
        cumpleanos: ['La fecha de nacimiento no es válida.'],
        password: ['Debe tener al menos 8 caracteres'],
        confirmPassword: ['Las contraseñas no coinciden'],
        terms: ['Debes aceptar los términos y condiciones'],
      });

      const short = await t
        .agent()
        .post('/api/auth/register')
        .send(validRegistration({ password: 'corta', confirmPassword: 'corta' }))
        .expect(400);
      expect(short.body.error).toEqual({
        password: ['Debe tener al menos 8 caracteres'],
        confirmPassword: ['Debe tener al menos 8 caracteres'],
      });
    });

    it('should refuse a password of only spaces and the most common ones, saying which rule failed', async () => {
      const cases: [string, string][] = [
        [' '.repeat(8), 'La contraseña no puede ser solo espacios'],
        ['\t'.repeat(10), 'La contraseña no puede ser solo espacios'],
        ['12345678', 'Esa contraseña es de las más usadas y fácil de adivinar. Elige otra.'],
        ['Contraseña', 'Esa contraseña es de las más usadas y fácil de adivinar. Elige otra.'],
        ['pilates123', 'Esa contraseña es de las más usadas y fácil de adivinar. Elige otra.'],
        ['mexico123', 'Esa contraseña es de las más usadas y fácil de adivinar. Elige otra.'],
        ['1234567', 'Debe tener al menos 8 caracteres'],
      ];
      for (const [password, message] of cases) {
        const res = await t
          .agent()
          .post('/api/auth/register')
          .send(validRegistration({ email: 'politica@example.com', password, confirmPassword: password }))
          .expect(400);
        expect({ password, error: res.body.error.password }).toEqual({ password, error: [message] });
      }
      expect(await users().countBy({ email: 'politica@example.com' })).toBe(0);
      // The same rule for an account an admin opens, and for a reset.
      const admin = await loginAs(t, 'admin@test.local', 'admin-password-1');
      const added = await admin
        .post('/api/admin/add-user')
        .send({
          name: 'Nueva',
          email: 'nueva.politica@example.com',
          cumpleanos: '1990-01-01',
          password: 'password123',
          confirmPassword: 'password123',
        })
        .expect(400);
      expect(added.body.error.password).toEqual([
        'Esa contraseña es de las más usadas y fácil de adivinar. Elige otra.',
      ]);
      const reset = await t
        .agent()
        .post('/api/reset-password')
        .send({ token: 'x', password: ' '.repeat(9) })
        .expect(400);
      expect(reset.body.error).toEqual({ password: ['La contraseña no puede ser solo espacios'] });
    });

    it('should refuse the current password as the new one when changing it', async () => {
      const { agent } = await registerUser(t, { email: 'misma.actual@example.com' });
      const same = await agent
        .post('/api/auth/change-password')
        .send({ currentPassword: 'clave-segura-1', newPassword: 'clave-segura-1', confirmPassword: 'clave-segura-1' })
        .expect(400);
      expect(same.body.error).toEqual({ newPassword: ['La nueva contraseña debe ser distinta de la actual.'] });
      const common = await agent
        .post('/api/auth/change-password')
        .send({ currentPassword: 'clave-segura-1', newPassword: 'qwerty123', confirmPassword: 'qwerty123' })
        .expect(400);
      expect(common.body.error).toEqual({
        newPassword: ['Esa contraseña es de las más usadas y fácil de adivinar. Elige otra.'],
      });
      await loginAs(t, 'misma.actual@example.com', 'clave-segura-1');
    });

    it('should refuse a birth date in the future', async () => {
      const res = await t
        .agent()
        .post('/api/auth/register')
        .send(validRegistration({ cumpleanos: '2999-01-01' }))
        .expect(400);
      expect(res.body.error).toEqual({ cumpleanos: ['La fecha de nacimiento no es válida.'] });
    });

    it('should answer 409 when the email exists in another case, and write nothing', async () => {
      await registerUser(t, { email: 'dup@example.com' });
      const before = await users().count();
      const res = await t
        .agent()
        .post('/api/auth/register')
        .send(validRegistration({ email: ' DUP@Example.com' }))
        .expect(409);
      expect(res.body).toEqual({ success: false, code: 'EMAIL_TAKEN', error: 'Ya existe una cuenta con ese correo' });
      expect(await users().count()).toBe(before);
    });

    it('should refuse an unknown body field with 400', async () => {
      const res = await t
        .agent()
        .post('/api/auth/register')
        .send(validRegistration({ email: 'extra@example.com', role: 'admin' }))
        .expect(400);
      expect(res.body.error).toEqual({ role: ['Este campo no está permitido.'] });
      expect(await users().findOneBy({ email: 'extra@example.com' })).toBeNull();
    });
  });

  describe('login', () => {
    beforeAll(async () => {
      await registerUser(t, { email: 'login@example.com' });
    });

    it('should answer the Spanish messages for missing and short fields', async () => {
      const empty = await t.agent().post('/api/auth/login').send({}).expect(400);
      expect(empty.body.error).toEqual({
        email: ['El email es obligatorio'],
        password: ['La contraseña es obligatoria'],
      });
      const short = await t
        .agent()
        .post('/api/auth/login')
        .send({ email: 'login@example.com', password: '12345' })
        .expect(400);
      expect(short.body.error).toEqual({ password: ['Debe tener al menos 6 caracteres'] });
    });

    it('should log in with the email in any case and set the session cookie', async () => {
      const agent = t.agent();
      const res = await agent
        .post('/api/auth/login')
        .send({ email: ' LOGIN@example.com', password: 'clave-segura-1' })
        .expect(200);
      expect(res.body.success).toBe(true);
      expect(res.body.user.email).toBe('login@example.com');
      await agent.get('/api/get-cookie').expect(200);
    });

    it('should answer the same 401 for a wrong password and an unknown email', async () => {
      const wrong = await t
        .agent()
        .post('/api/auth/login')
        .send({ email: 'login@example.com', password: 'otra-clave' })
        .expect(401);
      const unknown = await t
        .agent()
        .post('/api/auth/login')
        .send({ email: 'nadie@example.com', password: 'otra-clave' })
        .expect(401);
      expect(wrong.body).toEqual({
        success: false,
        code: 'INVALID_CREDENTIALS',
        error: 'El correo o la contraseña son incorrectos.',
      });
      expect(unknown.body).toEqual(wrong.body);
      expect(cookieHeader(wrong)).toEqual([]);
    });

    it('should refuse an inactive user with the studio message', async () => {
      await registerUser(t, { email: 'inactive@example.com' });
      await users().update({ email: 'inactive@example.com' }, { active: false });
      const res = await t
        .agent()
        .post('/api/auth/login')
        .send({ email: 'inactive@example.com', password: 'clave-segura-1' })
        .expect(403);
      expect(res.body).toEqual({
        success: false,
        code: 'ACCOUNT_INACTIVE',
        error: 'Tu cuenta está inactiva. Contacta al estudio.',
      });
    });

    it('should lock an email for 15 minutes after 5 failed logins, even with the right password', async () => {
      await registerUser(t, { email: 'locked@example.com' });
      for (let i = 0; i < 5; i++) {
        await t
          .agent()
          .post('/api/auth/login')
          .send({ email: 'locked@example.com', password: 'wrong-pass' })
          .expect(401);
      }
      const res = await t
        .agent()
        .post('/api/auth/login')
        .send({ email: 'locked@example.com', password: 'clave-segura-1' })
        .expect(429);
      expect(res.body).toEqual({
        success: false,
        code: 'TOO_MANY_ATTEMPTS',
        error: 'Demasiados intentos. Intenta más tarde.',
      });
      // Another email from the same address is not locked.
      await t
        .agent()
        .post('/api/auth/login')
        .send({ email: 'login@example.com', password: 'clave-segura-1' })
        .expect(200);

      // Once the window has passed the email may log in again.
      await t.dataSource
        .getRepository(LoginFailure)
        .update({ email: 'locked@example.com' }, { createdAt: new Date(Date.now() - 16 * 60 * 1000) });
      await t
        .agent()
        .post('/api/auth/login')
        .send({ email: 'locked@example.com', password: 'clave-segura-1' })
        .expect(200);
    });
  });

  describe('session', () => {
    it('should answer 401 to get-cookie without a session or with a forged one', async () => {
      const none = await t.http().get('/api/get-cookie').expect(401);
      expect(none.body).toEqual({ success: false, code: 'UNAUTHENTICATED', error: 'Debes iniciar sesión.' });
      const forged = new JwtService({ secret: 'not-the-secret' }).sign({ sub: 1, sv: 0 });
      await t.http().get('/api/get-cookie').set('Cookie', `${SESSION_COOKIE}=${forged}`).expect(401);
    });

    it('should log out: clear the cookie so the session is gone', async () => {
      const { agent } = await registerUser(t, { email: 'logout@example.com' });
      const res = await agent.post('/api/auth/logout').expect(200);
      expect(res.body).toEqual({ success: true });
      expect(cookieHeader(res).join()).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
      await agent.get('/api/get-cookie').expect(401);
    });

    it('should end the session at once when the user is deactivated, and apply a role change at once', async () => {
      const { agent, user } = await registerUser(t, { email: 'roles@example.com' });
      await users().update({ id: user.id }, { role: 'admin' });
      expect((await agent.get('/api/get-cookie').expect(200)).body.user.role).toBe('admin');
      await users().update({ id: user.id }, { active: false });
      await agent.get('/api/get-cookie').expect(401);
    });

    it('should refuse a state-changing request without X-Requested-With with 403', async () => {
      const res = await t
        .http()
        .post('/api/auth/login')
        .send({ email: 'login@example.com', password: 'clave-segura-1' })
        .expect(403);
      expect(res.body.code).toBe('CSRF_HEADER_MISSING');
      await t.http().post('/api/auth/logout').expect(403);
      await t
        .http()
        .post('/api/auth/register')
        .set('X-Requested-With', 'XMLHttpRequest')
        .send(validRegistration())
        .expect(403);
    });
  });

  describe('password reset', () => {
    const tokenFromMail = (text: string): string => {
      const match = /https:\/\/estudio\.example\/pilates\/reset-password\/([\w-]+)/.exec(text);
      if (!match) throw new Error(`no reset link in: ${text}`);
      return match[1];
    };

    it('should answer the same for an unknown email and send nothing', async () => {
      const before = await outboxCount(t);
      const res = await t.agent().post('/api/forgot-password').send({ email: 'nadie@example.com' }).expect(200);
      expect(res.body).toEqual({
        success: true,
        message: 'Te enviamos un correo con el enlace para cambiar tu contraseña.',
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(await outboxCount(t)).toBe(before);
    });

    it('should validate the forgot and reset forms with their Spanish messages', async () => {
      const forgot = await t.agent().post('/api/forgot-password').send({}).expect(400);
      expect(forgot.body.error).toEqual({ email: ['El email es obligatorio'] });
      const reset = await t.agent().post('/api/reset-password').send({ token: 'x' }).expect(400);
      expect(reset.body.error).toEqual({ password: ['La contraseña es obligatoria'] });
      const short = await t.agent().post('/api/reset-password').send({ token: 'x', password: 'corta' }).expect(400);
      expect(short.body.error).toEqual({ password: ['Debe tener al menos 8 caracteres'] });
    });

    it('should mail a one-hour single-use link, store only its hash, and end the other sessions on reset', async () => {
      const { agent: otherDevice } = await registerUser(t, { email: 'reset@example.com', name: 'Rosa' });
      const mailsBefore = await outboxCount(t);
      const askedAt = Date.now();
      const res = await t.agent().post('/api/forgot-password').send({ email: 'RESET@example.com' }).expect(200);
      expect(res.body).toEqual({
        success: true,
        message: 'Te enviamos un correo con el enlace para cambiar tu contraseña.',
      });

      const mail = await readOutboxMail(t, mailsBefore + 1);
      expect(mail.subject).toBe('Restablece tu contraseña');
      expect(mail.text).toContain('Hola, Rosa');
      const token = tokenFromMail(mail.text);
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);

      const stored = await t.dataSource.getRepository(PasswordResetToken).find({ order: { id: 'DESC' }, take: 1 });
      expect(stored[0].tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(stored[0].tokenHash).not.toContain(token);
      // From the request (the app's clock; created_at is the database's, which a moved test clock is not).
      const validMinutes = (stored[0].expiresAt.getTime() - askedAt) / 60000;
      expect(validMinutes).toBeGreaterThan(59);
      expect(validMinutes).toBeLessThan(61);

      // Checking the link does not spend it.
      await t.agent().post('/api/reset-password/check').send({ token }).expect(200);
      await t.agent().post('/api/reset-password/check').send({ token }).expect(200);
      await t.agent().post('/api/reset-password').send({ token, password: 'nueva-clave-1' }).expect(200);
      await otherDevice.get('/api/get-cookie').expect(401);
      const spent = await t.agent().post('/api/reset-password/check').send({ token }).expect(400);
      expect(spent.body.code).toBe('RESET_TOKEN_INVALID');
      const bogus = await t.agent().post('/api/reset-password/check').send({ token: 'no-existe' }).expect(400);
      expect(bogus.body.code).toBe('RESET_TOKEN_INVALID');
      await t.agent().post('/api/reset-password/check').send({}).expect(400);
      await t
        .agent()
        .post('/api/auth/login')
        .send({ email: 'reset@example.com', password: 'clave-segura-1' })
        .expect(401);
      await loginAs(t, 'reset@example.com', 'nueva-clave-1');

      const reuse = await t.agent().post('/api/reset-password').send({ token, password: 'otra-clave-2' }).expect(400);
      expect(reuse.body).toEqual({
        success: false,
        code: 'RESET_TOKEN_INVALID',
        error: 'El enlace para restablecer la contraseña no es válido o ya expiró. Solicita uno nuevo.',
      });
    });

    it('should refuse an expired link', async () => {
      await registerUser(t, { email: 'expired@example.com' });
      const before = await outboxCount(t);
      await t.agent().post('/api/forgot-password').send({ email: 'expired@example.com' }).expect(200);
      const token = tokenFromMail((await readOutboxMail(t, before + 1)).text);
      await t.dataSource
        .getRepository(PasswordResetToken)
        .update(
          { tokenHash: createHash('sha256').update(token).digest('hex') },
          { expiresAt: new Date(Date.now() - 1000) },
        );
      const check = await t.agent().post('/api/reset-password/check').send({ token }).expect(400);
      expect(check.body.code).toBe('RESET_TOKEN_INVALID');
      const res = await t.agent().post('/api/reset-password').send({ token, password: 'nueva-clave-1' }).expect(400);
      expect(res.body.code).toBe('RESET_TOKEN_INVALID');
      await loginAs(t, 'expired@example.com', 'clave-segura-1');
    });

    it('should keep only the newest link working', async () => {
      await registerUser(t, { email: 'twice@example.com' });
      const before = await outboxCount(t);
      await t.agent().post('/api/forgot-password').send({ email: 'twice@example.com' }).expect(200);
      const first = tokenFromMail((await readOutboxMail(t, before + 1)).text);
      // Issued more than a minute ago (one reset mail per minute per address).
      await t.dataSource
        .getRepository(PasswordResetToken)
        .update(
          { tokenHash: createHash('sha256').update(first).digest('hex') },
          { expiresAt: new Date(Date.now() + 58 * 60 * 1000) },
        );
      await t.agent().post('/api/forgot-password').send({ email: 'twice@example.com' }).expect(200);
      const second = tokenFromMail((await readOutboxMail(t, before + 2)).text);
      await t.agent().post('/api/reset-password').send({ token: first, password: 'nueva-clave-1' }).expect(400);
      await t.agent().post('/api/reset-password').send({ token: second, password: 'nueva-clave-1' }).expect(200);
    });

    /** A new client (logged in) and the token of the reset link just mailed to them. */
    const clientWithResetLink = async (email: string) => {
      const account = await registerUser(t, { email });
      const before = await outboxCount(t);
      await t.agent().post('/api/forgot-password').send({ email }).expect(200);
      const token = tokenFromMail((await readOutboxMail(t, before + 1)).text);
      await t.agent().post('/api/reset-password/check').send({ token }).expect(200);
      return { ...account, token };
    };

    const expectLinkEnded = async (token: string) => {
      const check = await t.agent().post('/api/reset-password/check').send({ token }).expect(400);
      expect(check.body.code).toBe('RESET_TOKEN_INVALID');
      const reset = await t.agent().post('/api/reset-password').send({ token, password: 'la-del-intruso-9' });
      expect({ status: reset.status, code: reset.body.code }).toEqual({ status: 400, code: 'RESET_TOKEN_INVALID' });
    };

    it('should end a link when the owner changes the password', async () => {
      const { agent, token } = await clientWithResetLink('cambia-clave@example.com');
      await agent
        .post('/api/auth/change-password')
        .send({ currentPassword: 'clave-segura-1', newPassword: 'clave-nueva-22', confirmPassword: 'clave-nueva-22' })
        .expect(200);
      await expectLinkEnded(token);
      // The owner is still logged in with the new password.
      await agent.get('/api/get-cookie').expect(200);
      await loginAs(t, 'cambia-clave@example.com', 'clave-nueva-22');
    });

    it('should end a link mailed to the old address when the owner, or an admin, changes the email', async () => {
      const own = await clientWithResetLink('correo-viejo@example.com');
      await own.agent
        .post('/api/informacion/change-info-user')
        .send({ email: 'correo-nuevo@example.com', currentPassword: 'clave-segura-1' })
        .expect(200);
      await expectLinkEnded(own.token);
      await own.agent.get('/api/get-cookie').expect(200);

      const byAdmin = await clientWithResetLink('otro-viejo@example.com');
      const admin = await loginAs(t, 'admin@test.local', 'admin-password-1');
      await admin
        .post('/api/admin/change-data')
        .send({ id_user: byAdmin.user.id, email: 'otro-nuevo@example.com' })
        .expect(200);
      await expectLinkEnded(byAdmin.token);
    });

    it('should keep a link working when only the name changes', async () => {
      const { agent, token } = await clientWithResetLink('solo-nombre@example.com');
      await agent.post('/api/informacion/change-info-user').send({ name: 'Nombre Distinto' }).expect(200);
      await t.agent().post('/api/reset-password/check').send({ token }).expect(200);
    });

    it('should end a link when the account is deactivated, and not bring it back on reactivation', async () => {
      const { user, token } = await clientWithResetLink('baja@example.com');
      const admin = await loginAs(t, 'admin@test.local', 'admin-password-1');
      await admin.post('/api/admin/delete-user').send({ id: user.id }).expect(200);
      await expectLinkEnded(token);
      await admin.post('/api/admin/active-user').send({ id: user.id }).expect(200);
      await expectLinkEnded(token);
      await loginAs(t, 'baja@example.com', 'clave-segura-1');
    });

    it('should refuse the current password as the new one on reset, keeping the link', async () => {
      const { token } = await clientWithResetLink('misma-clave@example.com');
      const same = await t.agent().post('/api/reset-password').send({ token, password: 'clave-segura-1' }).expect(400);
      expect(same.body).toEqual({
        success: false,
        code: 'PASSWORD_UNCHANGED',
        error: 'La nueva contraseña debe ser distinta de la actual.',
      });
      await t.agent().post('/api/reset-password').send({ token, password: 'clave-distinta-7' }).expect(200);
    });
  });

  describe('change-info-user', () => {
    it('should change the caller’s own data, ignoring blank fields', async () => {
      const { agent, user } = await registerUser(t, { email: 'info@example.com', name: 'Inés' });
      const res = await agent
        .post('/api/informacion/change-info-user')
        .send({ name: 'Inés María', email: '', cumpleanos: '1991-01-02', id_user: user.id })
        .expect(200);
      expect(res.body).toEqual({
        success: true,
        user: {
          id: user.id,
          name: 'Inés María',
          email: 'info@example.com',
          phone: null,
          role: 'user',
          cumpleanos: '1991-01-02',
          favouriteSpot: null,
        },
      });
      const self = await agent
        .post('/api/informacion/change-info-user')
        .send({ email: 'Ines@Example.com', currentPassword: 'clave-segura-1' })
        .expect(200);
      expect(self.body.user.email).toBe('ines@example.com');
    });

    it('should ask for the current password to change one’s own email, and mail a notice to the old address', async () => {
      const { agent, user } = await registerUser(t, { email: 'viejo@example.com', name: 'Vero' });
      const missing = await agent
        .post('/api/informacion/change-info-user')
        .send({ email: 'nuevo@example.com' })
        .expect(400);
      expect(missing.body).toEqual({
        success: false,
        code: 'CURRENT_PASSWORD_REQUIRED',
        error: 'Escribe tu contraseña actual para hacer este cambio.',
      });
      const wrong = await agent
        .post('/api/informacion/change-info-user')
        .send({ email: 'nuevo@example.com', currentPassword: 'no-es-la-clave' })
        .expect(400);
      expect(wrong.body).toEqual({
        success: false,
        code: 'CURRENT_PASSWORD_WRONG',
        error: 'La contraseña actual no es correcta.',
      });
      expect((await users().findOneByOrFail({ id: user.id })).email).toBe('viejo@example.com');
      // Other fields still change without it.
      await agent.post('/api/informacion/change-info-user').send({ name: 'Verónica' }).expect(200);

      const mailsBefore = await outboxCount(t);
      await agent
        .post('/api/informacion/change-info-user')
        .send({ email: 'nuevo@example.com', currentPassword: 'clave-segura-1' })
        .expect(200);
      const notice = await readOutboxMail(t, mailsBefore + 1);
      expect(notice.to).toMatchObject({ value: [{ address: 'viejo@example.com' }] });
      expect(notice.subject).toBe('El correo de tu cuenta cambió');
      expect(notice.text).toContain('nuevo@example.com');
      await loginAs(t, 'nuevo@example.com', 'clave-segura-1');
    });

    it('should answer 403 when a user names another user’s id, and change nothing', async () => {
      const { user: victim } = await registerUser(t, { email: 'victim@example.com', name: 'Víctima' });
      const { agent } = await registerUser(t, { email: 'attacker@example.com' });
      const res = await agent
        .post('/api/informacion/change-info-user')
        .send({ name: 'Hackeado', id_user: victim.id })
        .expect(403);
      expect(res.body.code).toBe('FORBIDDEN');
      expect((await users().findOneByOrFail({ id: victim.id })).name).toBe('Víctima');
    });

    it('should let an admin change anyone, and keep emails unique', async () => {
      const { user } = await registerUser(t, { email: 'client@example.com' });
      const admin = await loginAs(t, 'admin@test.local', 'admin-password-1');
      const res = await admin
        .post('/api/informacion/change-info-user')
        .send({ name: 'Cliente Nuevo', id_user: user.id })
        .expect(200);
      expect(res.body.user).toMatchObject({ id: user.id, name: 'Cliente Nuevo' });

      const taken = await admin
        .post('/api/informacion/change-info-user')
        .send({ email: 'LOGIN@example.com', id_user: user.id })
        .expect(409);
      expect(taken.body).toEqual({ success: false, code: 'EMAIL_TAKEN', error: 'Ya existe una cuenta con ese correo' });
      await admin.post('/api/informacion/change-info-user').send({ id_user: 999999 }).expect(404);
    });

    it('should refuse bad input with 400 and a guest with 401', async () => {
      const { agent } = await registerUser(t, { email: 'bad-input@example.com' });
      const res = await agent
        .post('/api/informacion/change-info-user')
        .send({ email: 'no-email', id_user: 'abc', cumpleanos: '2020-13-01' })
        .expect(400);
      expect(res.body.error).toEqual({
        email: ['El correo no es válido'],
        cumpleanos: ['La fecha de nacimiento no es válida.'],
        id_user: ['El usuario no es válido'],
      });
      await t.agent().post('/api/informacion/change-info-user').send({ name: 'X' }).expect(401);
    });
  });
});

describe('per-IP rate limit on the auth endpoints', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
  });
  afterAll(() => t.close());

  it('should answer 429 once login, register, forgot and reset together pass AUTH_RATE_LIMIT per minute', async () => {
    await t.agent().post('/api/auth/login').send({ email: 'a@example.com', password: 'whatever1' }).expect(401);
    await t.agent().post('/api/forgot-password').send({ email: 'a@example.com' }).expect(200);
    await t.agent().post('/api/reset-password').send({ token: 'abc', password: 'whatever12' }).expect(400);
    const res = await t.agent().post('/api/auth/register').send(validRegistration()).expect(429);
    expect(res.body).toEqual({
      success: false,
      code: 'TOO_MANY_ATTEMPTS',
      error: 'Demasiados intentos. Intenta más tarde.',
    });
    // Other endpoints are not limited.
    await t.http().get('/api/health').expect(200);
  });
});

describe('per-IP rate limit behind a proxy (TRUST_PROXY)', () => {
  const login = (t: TestApp, forwardedFor: string) =>
    t
      .agent()
      .post('/api/auth/login')
      .set('X-Forwarded-For', forwardedFor)
      .send({ email: 'nadie@example.com', password: 'whatever1' });

  it('should not let a rotating X-Forwarded-For dodge the limit when TRUST_PROXY is off, also in production', async () => {
    // Production trusted every X-Forwarded-For before TRUST_PROXY existed.
    const t = await createTestApp({
      env: {
        AUTH_RATE_LIMIT: '3',
        NODE_ENV: 'production',
        MP_ACCESS_TOKEN: 'TEST-token',
        MP_WEBHOOK_SECRET: 'secreto',
      },
    });
    try {
      for (let i = 1; i <= 3; i++) expect((await login(t, `198.51.100.${i}`)).status).toBe(401);
      const res = await login(t, '198.51.100.4');
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('TOO_MANY_ATTEMPTS');
    } finally {
      await t.close();
    }
  });

  it.each([['1'], ['127.0.0.1'], ['127.0.0.0/8, ::1/128, ::ffff:127.0.0.1']])(
    'should key the limit on the address the trusted proxy appended when TRUST_PROXY=%s',
    async (trustProxy) => {
      const t = await createTestApp({ env: { AUTH_RATE_LIMIT: '3', TRUST_PROXY: trustProxy } });
      try {
        // The client writes the leftmost entries; the proxy (127.0.0.1 here) appends the address it saw.
        for (let i = 1; i <= 3; i++) expect((await login(t, `10.9.9.${i}, 203.0.113.7`)).status).toBe(401);
        expect((await login(t, '10.9.9.4, 203.0.113.7')).status).toBe(429);
        expect((await login(t, '203.0.113.7')).status).toBe(429);
        // Another client behind the same proxy has its own count.
        expect((await login(t, '10.9.9.1, 203.0.113.8')).status).toBe(401);
      } finally {
        await t.close();
      }
    },
  );
});
