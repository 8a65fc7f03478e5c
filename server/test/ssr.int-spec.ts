import { Logger } from '@nestjs/common';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { addDays, mondayOf, studioToday } from '@pilates/dates';
import { PlanesService } from '../src/planes/planes.service';
import { ClientAppService, withScriptNonce } from '../src/core/http/client-app.service';
import { loginAs, outboxCount, readOutboxMail, registerUser } from './helpers/accounts';
import { ADMIN } from './helpers/booking';
import { builtClientDir } from './helpers/built-client';
import { instructorNamed } from './helpers/instructors';
import { createTestApp, TestApp } from './helpers/test-app';
import { Schedule } from '../src/reservations/entities/schedule.entity';

const SITE = 'https://estudio.example';

/** The query cache the page hands to the browser (the router's dehydrated state). */
const dehydratedQueries = (html: string): Array<{ queryKey: unknown[]; state: { data: unknown } }> => {
  const match = /queries:("(?:[^"\\]|\\.)*")/.exec(html);
  if (!match) throw new Error('the page carries no dehydrated queries');
  return (JSON.parse(JSON.parse(match[1]) as string) as { queries: [] }).queries;
};

describe('pages rendered on the server (SSR) with the data and the session', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { CLIENT_DIR: builtClientDir(), APP_URL: `${SITE}/` } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('should say a spent or unknown reset link is no longer valid before any form, and show the form for a live one', async () => {
    await registerUser(t, { email: 'olvido@example.com' });
    const before = await outboxCount(t);
    await t.agent().post('/api/forgot-password').send({ email: 'olvido@example.com' }).expect(200);
    const mail = await readOutboxMail(t, before + 1);
    const token = /\/pilates\/reset-password\/([\w-]+)/.exec(mail.text)![1];

    const live = await t.http().get(`/pilates/reset-password/${token}`).expect(200);
    expect(live.text).toContain('type="password"');
    expect(live.text).not.toContain('ya se usó o venció');

    await t.agent().post('/api/reset-password').send({ token, password: 'nueva-clave-1' }).expect(200);
    for (const spent of [token, 'no-existe']) {
      const page = await t.http().get(`/pilates/reset-password/${spent}`).expect(200);
      expect(page.text).toContain('Este enlace para restablecer la contraseña ya se usó o venció.');
      expect(page.text).not.toContain('type="password"');
    }
  });

  it('should redirect / to /pilates', async () => {
    const res = await t.http().get('/').expect(302);
    expect(res.headers.location).toBe('/pilates');
  });

  it.each([
    ['/pilates', 'Muévete con intención, respira con calma'],
    ['/pilates/estudio', 'Conoce nuestras instalaciones'],
    ['/pilates/beneficios', 'Descubre el Poder Transformador del Pilates'],
    ['/pilates/cuenta', 'Mi cuenta'],
    ['/pilates/terminos', 'Términos y condiciones'],
    ['/pilates/aviso-de-privacidad', 'Aviso de privacidad'],
    ['/cycling', 'Próximamente'],
  ])(
    'should answer %s with its content in the first HTML, its head tags and the app to hydrate it',
    async (path, h1) => {
      const res = await t.http().get(path).expect(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.text.startsWith('<!DOCTYPE html><html lang="es">')).toBe(true);
      expect(res.text).toMatch(new RegExp(`<h1[^>]*>${h1}`));
      // All of it in place: no part left as a spinner for a script to swap in later.
      expect(res.text).not.toMatch(/<template id="B:|\$RC|\$RV/);
      // The app's styles, and its script (from the build's manifest) loaded after the first paint.
      expect(res.text).toMatch(/app\.type='module';app\.src="\/assets\/main-[\w-]+\.js"/);
      expect(res.text).toMatch(/<link rel="stylesheet" href="\/assets\/main-[\w-]+\.css"/);
      // The site's address (APP_URL) in the canonical link and structured data.
      expect(res.text).toContain(`<link rel="canonical" href="${SITE}${path}"`);
      if (path.startsWith('/pilates')) expect(res.text).toContain(`"@id":"${SITE}/pilates#estudio"`);
    },
  );

  it('should put the plans with their prices in the first HTML, and their data for the browser', async () => {
    const catalogue = (await t.http().get('/api/planes/get-planes').expect(200)).body.planes as Array<{
      name: string;
    }>;
    expect(catalogue.length).toBeGreaterThan(0);
    const res = await t.http().get('/pilates/planes').expect(200);
    for (const plan of catalogue) expect(res.text).toContain(plan.name);
    expect(res.text).toMatch(/\$\d/);
    const queries = dehydratedQueries(res.text);
    expect(queries.map((query) => query.queryKey[0])).toEqual(
      expect.arrayContaining(['/api/get-cookie', '/api/planes/get-planes']),
    );
  });

  it("should put the selected day's classes with their counts in the first HTML", async () => {
    const date = addDays(mondayOf(studioToday(new Date(), 'America/Mexico_City')), 7);
    const day = await t.agent().post('/api/reservations/get-information').send({ date }).expect(200);
    const slots = day.body.data as Array<{ time: string; reservedCount: number; capacity: number }>;
    expect(slots.length).toBeGreaterThan(0);
    const res = await t.http().get(`/pilates/reservar?fecha=${date}`).expect(200);
    for (const slot of slots) {
      expect(res.text).toContain(slot.time);
      // The booking row says the free places ("8 lugares disponibles", "1 lugar disponible").
      const free = slot.capacity - slot.reservedCount;
      expect(res.text).toContain(free === 1 ? '1 lugar disponible' : `${free} lugares disponibles`);
    }
    const queries = dehydratedQueries(res.text);
    expect(queries.find((query) => query.queryKey[0] === '/api/reservations/get-information')).toBeDefined();
  });

  it("should render a guest's header and a logged-in visitor's header and side menu from the cookie", async () => {
    const guest = await t.http().get('/pilates').expect(200);
    const guestSession = dehydratedQueries(guest.text).find((query) => query.queryKey[0] === '/api/get-cookie');
    expect(guestSession?.state.data).toBeNull();

    const { agent, user } = await registerUser(t, { name: 'Lucía Server', email: 'lucia.ssr@example.com' });
    const page = await agent.get('/pilates/informacion').expect(200);
    expect(page.text).toContain('Lucía Server');
    expect(page.text).toContain('Cerrar sesión');
    const session = dehydratedQueries(page.text).find((query) => query.queryKey[0] === '/api/get-cookie');
    expect(session?.state.data).toMatchObject({ id: user.id, name: 'Lucía Server' });

    const admin = await loginAs(t, ADMIN.email, ADMIN.password);
    const usuarios = await admin.get('/pilates/usuarios').expect(200);
    expect(usuarios.text).toMatch(/<h1[^>]*>Usuarios/);
    expect(usuarios.text).toContain('Auditoría');
  });

  it('should send a guest who opens a private page to the login page, and a client away from admin pages', async () => {
    const res = await t.http().get('/pilates/clases').expect(307);
    expect(res.headers.location).toBe('/pilates/cuenta?redirect=%2Fpilates%2Fclases');
    const { agent } = await registerUser(t, { email: 'cliente.ssr@example.com' });
    const admin = await agent.get('/pilates/usuarios').expect(307);
    expect(admin.headers.location).toBe('/pilates/informacion');
  });

  describe("Cache-Control of every page, by route (from the client's route files)", () => {
    // The instructor page's "x": a profile with that address.
    beforeAll(() => instructorNamed(t, 'X'));
    const ROUTES = resolve(__dirname, '..', '..', 'client', 'src', 'routes');
    /** Each page's address (a `$param` as "x") and whether it is personal: behind the session or a secret link. */
    const pages = readdirSync(ROUTES, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx') && !file.endsWith('route.tsx') && !file.startsWith('__'))
      .map((file) => {
        const path = `/${file.replace(/\.tsx$/, '')}`
          .replace(/\/_panel\//, '/')
          .replace(/\/index$/, '')
          // A route kept out of its parent's layout (`usuarios_.$id`) is addressed without the underscore.
          .replace(/_(?=\.)/g, '')
          // An id: the first account (the seeded admin); any other parameter: "x".
          .replace(/\.\$id\b/g, '/1')
          .replace(/\.\$\w+/g, '/x');
        // A secret link's page (a reset link, a gift card's printable page) is personal too.
        return {
          path,
          personal: file.includes('_panel') || file.includes('reset-password') || file.includes('regalo.$token'),
        };
      })
      // "/" only redirects to /pilates.
      .filter((page) => page.path !== '');

    it('should find the public and the personal pages', () => {
      expect(pages.filter((page) => page.personal).map((page) => page.path)).toEqual(
        expect.arrayContaining(['/pilates/clases', '/pilates/informacion', '/pilates/panel', '/pilates/usuarios']),
      );
      expect(pages.filter((page) => !page.personal).map((page) => page.path)).toEqual(
        expect.arrayContaining(['/pilates', '/pilates/planes', '/pilates/reservar', '/pilates/cuenta', '/cycling']),
      );
    });

    it('should keep public pages revalidated-only for guests, and never store a personal page or its redirect', async () => {
      for (const { path, personal } of pages) {
        const res = await t.http().get(path);
        const expected = personal
          ? {
              status: path.startsWith('/pilates/reset-password') || path.startsWith('/pilates/regalo/') ? 200 : 307,
              cache: 'no-store',
            }
          : { status: 200, cache: 'private, no-cache' };
        expect({ path, status: res.status, cache: res.headers['cache-control'] }).toEqual({ path, ...expected });
      }
    });

    it('should answer every page rendered with a session no-store, public ones included', async () => {
      const admin = await loginAs(t, ADMIN.email, ADMIN.password);
      for (const { path } of pages) {
        const res = await admin.get(path);
        // The dashboard first redirects to its canonical address (?periodo=mes), and Mi pago (an
        // instructor's page) sends the admin to Mi información: not stored either.
        expect({ path, status: res.status, cache: res.headers['cache-control'] }).toEqual({
          path,
          status: path === '/pilates/panel' || path === '/pilates/mi-pago' ? 307 : 200,
          cache: 'no-store',
        });
      }
      // A client sent away from an admin page: the redirect is not stored either.
      const { agent } = await registerUser(t, { email: 'cache.ssr@example.com' });
      const away = await agent.get('/pilates/usuarios').expect(307);
      expect(away.headers['cache-control']).toBe('no-store');
      // Hashed assets keep their long cache, whoever asks.
      const page = await agent.get('/pilates').expect(200);
      const script = /"(\/assets\/main-[\w-]+\.js)"/.exec(page.text)![1];
      expect((await agent.get(script).expect(200)).headers['cache-control']).toContain('immutable');
    });
  });

  it("should render an instructor's page with their name, specialties and classes, and the studio page's cards", async () => {
    const rosa = await instructorNamed(t, 'Rosa Méndez', {
      bio: 'Fisioterapeuta y maestra de Pilates.',
      specialties: ['Prenatal'],
    });
    const schedule = await t.dataSource.getRepository(Schedule).findOneByOrFail({ weekday: 3, startTime: '18:00' });
    await t.dataSource
      .getRepository(Schedule)
      .update({ id: schedule.id }, { instructorId: rosa.id, instructor: rosa.name });

    const page = await t.http().get('/pilates/instructores/rosa-mendez').expect(200);
    expect(page.text).toMatch(/<h1[^>]*>Rosa Méndez/);
    expect(page.text).toContain('<title>Rosa Méndez · ');
    expect(page.text).toContain('Rosa Méndez, instructor de Pilates Reformer: Prenatal.');
    expect(page.text).toContain('Fisioterapeuta y maestra de Pilates.');
    expect(page.text).toContain('6:00 PM');
    expect(page.text).toMatch(/href="\/pilates\/reservar\?fecha=\d{4}-\d\d-\d\d&amp;instructor=\d+"/);
    expect(page.text).toContain(`<link rel="canonical" href="${SITE}/pilates/instructores/rosa-mendez"`);

    const missing = await t.http().get('/pilates/instructores/nadie').expect(404);
    expect(missing.text).toContain('Página no encontrada');

    const estudio = await t.http().get('/pilates/estudio').expect(200);
    expect(estudio.text).toContain('Nuestros instructores');
    expect(estudio.text).toContain('href="/pilates/instructores/rosa-mendez"');
  });

  it.each(['/wp-admin', '/pilates/no-existe', '/estudio'])(
    'should answer %s with the 404 page inside the header and footer, status 404',
    async (path) => {
      const res = await t.http().get(path).expect(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.text).toContain('Página no encontrada');
      expect(res.text).toContain('<header');
      expect(res.text).toContain('<footer');
    },
  );

  it('should keep JSON 404s for the API and not serve the renderer or the manifest as files', async () => {
    const res = await t.http().get('/api/pilates').expect(404);
    expect(res.body.code).toBe('NOT_FOUND');
    for (const path of ['/ssr/entry-server.cjs', '/.vite/manifest.json']) {
      const file = await t.http().get(path).expect(404);
      expect(file.text).toContain('Página no encontrada');
    }
  });

  it('should serve hashed assets with a long immutable cache', async () => {
    const page = await t.http().get('/pilates').expect(200);
    const script = /"(\/assets\/main-[\w-]+\.js)"/.exec(page.text)?.[1];
    const res = await t.http().get(script!).expect(200);
    expect(res.headers['cache-control']).toContain('immutable');
    await t.http().get('/robots.txt').expect(200);
  });

  it("should allow the router's inline scripts by this answer's nonce only", async () => {
    const first = await t.http().get('/pilates').expect(200);
    const second = await t.http().get('/pilates').expect(200);
    const nonceOf = (policy: string) => /script-src 'self' 'nonce-([^']+)'/.exec(policy)?.[1];
    const nonce = nonceOf(first.headers['content-security-policy']);
    expect(nonce).toBeDefined();
    expect(nonceOf(second.headers['content-security-policy'])).not.toBe(nonce);
    expect(first.headers['content-security-policy']).toContain("default-src 'self'");
    // Every executable inline script carries it.
    const inline = [...first.text.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inline.length).toBeGreaterThan(0);
    for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
    expect(withScriptNonce("default-src 'self';script-src 'self';style-src 'self'", 'abc')).toBe(
      "default-src 'self';script-src 'self' 'nonce-abc';style-src 'self'",
    );
  });

  it('should answer a page whose rendering fails with the Spanish error page inside the layout, status 500', async () => {
    // A broken answer from the API (a plan whose name is not text) makes the plans page throw while
    // rendering: React cannot show an object.
    const [plan] = (await t.http().get('/api/planes/get-planes').expect(200)).body.planes;
    const broken = jest
      .spyOn(PlanesService.prototype, 'visibleCatalogue')
      .mockResolvedValue([{ ...plan, name: { roto: true } }]);
    const logged = jest.spyOn(Logger.prototype, 'error');
    try {
      const res = await t.http().get('/pilates/planes').expect(500);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.text).toContain('No pudimos mostrar esta página');
      expect(res.text).toContain('<header');
      expect(res.text).toContain('<footer');
      expect(res.text).not.toContain('Objects are not valid');
      // Logged (with the request's id, which every log line of the request carries).
      expect(logged).toHaveBeenCalledWith(
        expect.stringMatching(/^GET \/pilates\/planes: .*Objects are not valid as a React child/s),
      );
    } finally {
      broken.mockRestore();
      logged.mockRestore();
    }
  });

  it('should send the page without waiting for a slow read: that part in its loading state, the rest complete', async () => {
    // The catalogue's read takes longer than the page may wait (released only once the page is in).
    const visibleCatalogue = PlanesService.prototype.visibleCatalogue;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
      setTimeout(resolve, 10_000).unref();
    });
    const slow = jest.spyOn(PlanesService.prototype, 'visibleCatalogue').mockImplementation(async function (
      this: PlanesService,
      ...args: Parameters<PlanesService['visibleCatalogue']>
    ) {
      await released;
      return visibleCatalogue.apply(this, args);
    });
    const logged = jest.spyOn(Logger.prototype, 'error');
    try {
      const res = await t.http().get('/pilates/planes').expect(200);
      expect(slow).toHaveBeenCalled();
      // The rest of the page, complete.
      expect(res.text).toMatch(/<h1[^>]*>Planes/);
      expect(res.text).toContain('<header');
      expect(res.text).toContain('<footer');
      // The plans: their loading state, marked for the browser to render (not a hydration failure).
      expect(res.text).toContain('aria-label="Cargando planes…"');
      expect(res.text).toContain('data-dgst="pagina-sin-lectura"');
      expect(res.text).not.toContain('Doce Clases');
      expect(dehydratedQueries(res.text).map((query) => query.queryKey[0])).not.toContain('/api/planes/get-planes');
      expect(logged).not.toHaveBeenCalled();
    } finally {
      release();
      slow.mockRestore();
      logged.mockRestore();
    }
  });

  it('should send the page with a failed read in its loading state for the browser to ask again, not an error page', async () => {
    const failing = jest
      .spyOn(PlanesService.prototype, 'visibleCatalogue')
      .mockRejectedValue(new Error('la base de datos no contesta'));
    try {
      const res = await t.http().get('/pilates/planes').expect(200);
      expect(res.text).toMatch(/<h1[^>]*>Planes/);
      expect(res.text).toContain('aria-label="Cargando planes…"');
      expect(res.text).toContain('data-dgst="pagina-sin-lectura"');
      expect(res.text).not.toContain('No pudimos mostrar esta página');
      // Once: the controller in-process (PageReads) gives the API's error answer itself; neither it nor
      // the page asks again while the page renders.
      expect(failing).toHaveBeenCalledTimes(1);
    } finally {
      failing.mockRestore();
    }
  });

  it("should send a logged-in visitor's page without waiting for a slow session read: the guest's header, the rest complete", async () => {
    const { agent } = await registerUser(t, { email: 'sesion.lenta@example.com' });
    const fast = await agent.get('/pilates/planes').expect(200);
    expect(fast.text).toContain('Mi Perfil');
    expect(fast.text).toContain('Comprar el plan Doce Clases');

    // The page's session read (its transport to the API) answers late.
    type Transport = {
      readApi(page: unknown, url: string, init: unknown): Promise<Response>;
    };
    const readApi = (ClientAppService.prototype as unknown as Transport).readApi;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
      setTimeout(resolve, 10_000).unref();
    });
    const slow = jest
      .spyOn(ClientAppService.prototype as unknown as Transport, 'readApi')
      .mockImplementation(async function (this: Transport, ...args: Parameters<Transport['readApi']>) {
        if (args[1].endsWith('/api/get-cookie')) await released;
        return readApi.apply(this, args);
      });
    try {
      const res = await agent.get('/pilates/planes').expect(200);
      expect(slow).toHaveBeenCalledWith(
        expect.anything(),
        expect.stringMatching(/\/api\/get-cookie$/),
        expect.anything(),
      );
      // The header and the plans' buttons as a guest sees them, for the browser to redo with the session.
      expect(res.text).toContain('Mi cuenta');
      expect(res.text).not.toContain('Mi Perfil');
      expect(res.text).toContain('Reservar con el plan Doce Clases');
      // A guest's Comprar goes through the login page first.
      expect(res.text).toMatch(/aria-label="Comprar el plan Doce Clases"[^>]*href="\/pilates\/cuenta\?redirect=/);
      expect(res.text).toContain('data-dgst="pagina-sin-lectura"');
      expect(dehydratedQueries(res.text).map((query) => query.queryKey[0])).not.toContain('/api/get-cookie');
    } finally {
      release();
      slow.mockRestore();
    }
  });
});
