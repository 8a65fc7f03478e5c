import { PasswordHasher } from '../src/core/security/password-hasher';
import { outboxCount, readOutboxMail, registerUser } from './helpers/accounts';
import { createTestApp, TestApp } from './helpers/test-app';

describe('login lockout and password-reset limits', () => {
  let t: TestApp;
  let hasher: PasswordHasher;

  beforeAll(async () => {
    t = await createTestApp();
    hasher = t.app.get(PasswordHasher);
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  it('should check at most 5 passwords of 100 parallel wrong guesses, and answer 429 to the right one during the lock', async () => {
    await registerUser(t, { email: 'asedio@example.com' });
    const verify = jest.spyOn(hasher, 'verify');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t
          .agent()
          .post('/api/auth/login')
          .send({ email: 'asedio@example.com', password: `adivina-${i}` }),
      ),
    );
    expect(verify.mock.calls.length).toBeLessThanOrEqual(5);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBe(verify.mock.calls.length);
    expect(statuses.filter((s) => s === 429).length).toBe(100 - verify.mock.calls.length);

    // Simultaneous guesses can refuse one another (each counts the rows in flight), so fewer than
    // five may have been checked: the rest come one at a time, each a 401, until the lock holds.
    for (let checked = verify.mock.calls.length; checked < 5; checked++) {
      await t
        .agent()
        .post('/api/auth/login')
        .send({ email: 'asedio@example.com', password: `otra-${checked}` })
        .expect(401);
    }
    expect(verify.mock.calls.length).toBe(5);
    const right = await t
      .agent()
      .post('/api/auth/login')
      .send({ email: 'asedio@example.com', password: 'clave-segura-1' });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('TOO_MANY_ATTEMPTS');
    expect(verify.mock.calls.length).toBe(5);
  });

  it('should not hash the new password for an unknown reset token', async () => {
    const hash = jest.spyOn(hasher, 'hash');
    const res = await t
      .agent()
      .post('/api/reset-password')
      .send({ token: 'a'.repeat(43), password: 'nueva-clave-1' })
      .expect(400);
    expect(res.body.code).toBe('RESET_TOKEN_INVALID');
    expect(hash).not.toHaveBeenCalled();
  });

  it('should send at most one reset mail a minute per address, even to parallel requests', async () => {
    await registerUser(t, { email: 'olvido@example.com' });
    const before = await outboxCount(t);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.agent().post('/api/forgot-password').send({ email: 'olvido@example.com' })),
    );
    // Same answer to all, whether a mail went out or not.
    for (const a of answers)
      expect(a.body).toEqual({
        success: true,
        message: 'Te enviamos un correo con el enlace para cambiar tu contraseña.',
      });
    await readOutboxMail(t, before + 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(await outboxCount(t)).toBe(before + 1);
  });
});

describe('per-IP limit on forgot- and reset-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '4' } });
  });
  afterAll(() => t.close());

  it('should answer 429 to forgot-password and reset-password once the address passes AUTH_RATE_LIMIT', async () => {
    for (let i = 0; i < 4; i++) {
      await t
        .agent()
        .post('/api/forgot-password')
        .send({ email: `x${i}@example.com` })
        .expect(200);
    }
    const forgot = await t.agent().post('/api/forgot-password').send({ email: 'y@example.com' }).expect(429);
    expect(forgot.body.code).toBe('TOO_MANY_ATTEMPTS');
    await t.agent().post('/api/reset-password').send({ token: 'abc', password: 'nueva-clave-1' }).expect(429);
  });
});
