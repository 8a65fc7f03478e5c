import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRERENDER_ORIGIN } from '../src/core/http/client-app.service';
import { createTestApp, TestApp } from './helpers/test-app';

const INDEX = '<!doctype html><html lang="es"><body><div id="root"></div></body></html>';
const page = (title: string) =>
  `<!doctype html><html lang="es"><head><link rel="canonical" href="${PRERENDER_ORIGIN}/pilates"></head>` +
  `<body><div id="root"><h1>${title}</h1></div></body></html>`;

describe('one port for the API and the built client (SPA fallback)', () => {
  let t: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'pilates-client-'));
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'index.html'), INDEX);
    writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), 'console.log("hola")');
    writeFileSync(join(clientDir, 'robots.txt'), 'User-agent: *');
    // What scripts/prerender.mjs leaves for the public pages.
    mkdirSync(join(clientDir, 'prerender', 'pilates'), { recursive: true });
    writeFileSync(join(clientDir, 'prerender', 'pilates.html'), page('Inicio'));
    writeFileSync(join(clientDir, 'prerender', 'pilates', 'estudio.html'), page('Estudio'));
    t = await createTestApp({ env: { CLIENT_DIR: clientDir, APP_URL: 'https://estudio.example/' } });
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
    ['/pilates', 'Inicio'],
    ['/pilates/', 'Inicio'],
    ['/pilates?utm_source=x', 'Inicio'],
    ['/pilates/estudio', 'Estudio'],
    ['/pilates/estudio/', 'Estudio'],
  ])('should serve the prerendered page for %s, with the site address in place of the token', async (path, title) => {
    const res = await t.http().get(path).expect(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain(`<h1>${title}</h1>`);
    expect(res.text).toContain('<link rel="canonical" href="https://estudio.example/pilates">');
    expect(res.text).not.toContain(PRERENDER_ORIGIN);
  });

  it.each(['/pilates/reservar', '/pilates/reset-password/abc', '/cycling', '/pilates/cuenta?x=1'])(
    'should serve index.html for %s (no prerendered page)',
    async (path) => {
      const res = await t.http().get(path).expect(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toBe(INDEX);
    },
  );

  it('should serve the client with 404 for paths outside its routes', async () => {
    const res = await t.http().get('/wp-admin').expect(404);
    expect(res.text).toBe(INDEX);
    // Not even under a prerendered page's name.
    expect((await t.http().get('/estudio').expect(404)).text).toBe(INDEX);
  });

  it('should not serve the prerendered files as static files', async () => {
    const res = await t.http().get('/prerender/pilates.html').expect(404);
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
