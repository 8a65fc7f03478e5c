import { cookieHeader } from './helpers/accounts';
import { ADMIN } from './helpers/booking';
import { createTestApp, TestApp } from './helpers/test-app';

const csp = (header: unknown): Record<string, string> =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );

describe('security headers, cookies and CORS', () => {
  describe('outside production', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('should send a CSP that allows only the site itself and the map frame, and the other helmet headers', async () => {
      const res = await t.http().get('/api/health').expect(200);
      const policy = csp(res.headers['content-security-policy']);
      expect(policy).toMatchObject({
        'default-src': "'self'",
        'script-src': "'self'",
        'connect-src': "'self'",
        'img-src': "'self' data:",
        'font-src': "'self'",
        'object-src': "'none'",
        'base-uri': "'self'",
        'form-action': "'self'",
        'frame-ancestors': "'self'",
      });
      // The map's frame is the only other origin, and only as a frame.
      expect(policy['frame-src'].split(' ').sort()).toEqual(['https://maps.google.com', 'https://www.google.com']);
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it('should give the session cookie HttpOnly, SameSite=Lax and no Secure flag over plain local HTTP', async () => {
      const res = await t.agent().post('/api/auth/login').send(ADMIN).expect(200);
      const [session] = cookieHeader(res);
      expect(session).toMatch(/HttpOnly/i);
      expect(session).toMatch(/SameSite=Lax/i);
      expect(session).not.toMatch(/Secure/i);
    });

    it('should not open the API to other origins (no CORS headers, preflight refused)', async () => {
      const simple = await t
        .http()
        .get('/api/planes/get-planes')
        .set('Origin', 'https://otro-sitio.example')
        .expect(200);
      expect(simple.headers['access-control-allow-origin']).toBeUndefined();
      expect(simple.headers['access-control-allow-credentials']).toBeUndefined();
      const preflight = await t
        .http()
        .options('/api/reservations/push-reservation')
        .set('Origin', 'https://otro-sitio.example')
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'content-type,x-requested-with');
      expect(preflight.status).toBeGreaterThanOrEqual(400);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
    });
  });

  describe('in production', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        env: {
          NODE_ENV: 'production',
          APP_URL: 'https://estudio.example',
          MP_ACCESS_TOKEN: 'APP_USR-prueba',
          MP_WEBHOOK_SECRET: 'secreto-del-webhook-de-prueba',
        },
      });
    });
    afterAll(() => t.close());

    it('should add HSTS and upgrade-insecure-requests, and mark the session cookie Secure', async () => {
      const res = await t.http().get('/api/health').expect(200);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(csp(res.headers['content-security-policy'])).toHaveProperty('upgrade-insecure-requests');
      const login = await t.agent().post('/api/auth/login').send(ADMIN).expect(200);
      const [session] = cookieHeader(login);
      expect(session).toMatch(/;\s*Secure/i);
      expect(session).toMatch(/HttpOnly/i);
      expect(session).toMatch(/SameSite=Lax/i);
    });
  });
});
