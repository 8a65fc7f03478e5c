import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, TestApp } from './helpers/test-app';

const INDEX = '<!doctype html><html lang="es"><body><div id="root"></div></body></html>';

describe('one port for the API and the built client (SPA fallback)', () => {
  let t: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'pilates-client-'));
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'index.html'), INDEX);
    writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), 'console.log("hola")');
    writeFileSync(join(clientDir, 'robots.txt'), 'User-agent: *');
    t = await createTestApp({ env: { CLIENT_DIR: clientDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('should redirect / to /pilates', async () => {
    const res = await t.http().get('/').expect(302);
    expect(res.headers.location).toBe('/pilates');
  });

  it.each([
    '/pilates',
    '/pilates/',
    '/pilates/reservar',
    '/pilates/reset-password/abc',
    '/cycling',
    '/pilates/cuenta?x=1',
  ])('should serve the client for %s', async (path) => {
    const res = await t.http().get(path).expect(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toBe(INDEX);
  });

  it('should serve the client with 404 for paths outside its routes', async () => {
    const res = await t.http().get('/wp-admin').expect(404);
    expect(res.text).toBe(INDEX);
  });

  it('should serve hashed assets with a long immutable cache', async () => {
    const res = await t.http().get('/assets/index-abc123.js').expect(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.text).toContain('hola');
    await t.http().get('/robots.txt').expect(200);
  });

  it('should keep JSON 404s for the API', async () => {
    const res = await t.http().get('/api/pilates').expect(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('should send security headers with every page', async () => {
    const res = await t.http().get('/pilates').expect(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
