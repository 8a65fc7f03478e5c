import { FixedClock } from '../src/core/clock/clock';
import { LegalConsent } from '../src/legal/entities';
import { NotificationsService } from '../src/notifications/notifications.service';
import { adminAgent, clientWithPlan, newClient, NEXT_MONDAY, NOW, scheduleAt } from './helpers/booking';
import { registerUser, validRegistration } from './helpers/accounts';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

const LATER = new Date(NOW.getTime() + 3 * 24 * 3600 * 1000);

describe('legal texts: versions published by the admin, consents recorded, a new version accepted before the next booking', () => {
  let t: TestApp;
  let admin: Agent;
  const clock = new FixedClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ clock });
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    clock.set(NOW);
    await t.app.get(NotificationsService).settled();
  });

  const publish = (kind: string, summary: string, text: string) =>
    admin.post('/api/admin/legal/publish').send({ kind, summary, text });

  const consentRows = (userId: number): Promise<{ kind: string; version: unknown; ip: string; source: string }[]> =>
    t.dataSource.query(
      'SELECT kind, version, ip_address AS ip, source FROM legal_consents WHERE user_id = ? ORDER BY kind, version',
      [userId],
    );

  it('should answer 404 LEGAL_DOCUMENT_NOT_FOUND before a text is published, and for an unknown kind', async () => {
    const none = await t.agent().get('/api/legal/terminos').expect(404);
    expect(none.body.code).toBe('LEGAL_DOCUMENT_NOT_FOUND');
    await t.agent().get('/api/legal/contrato').expect(404);
    await t.agent().get('/api/legal/terminos/versions/abc').expect(404);
  });

  it('should let a client book when no text was ever published (nothing to accept)', async () => {
    const client = await clientWithPlan(t, 'SinTextos', { classes: 2 });
    const schedule = await scheduleAt(t, 1, '07:00');
    await client.agent
      .post('/api/reservations/push-reservation')
      .send({ date: NEXT_MONDAY, classReservation: schedule.id })
      .expect(201);
    expect((await client.agent.get('/api/consents/pending').expect(200)).body.pending).toEqual([]);
  });

  it('should refuse publishing to a client (403) and an empty summary (400 in Spanish)', async () => {
    const client = await newClient(t, 'NoAdmin');
    await client.agent.post('/api/admin/legal/publish').send({ kind: 'terminos', summary: 'x', text: 'y' }).expect(403);
    const empty = await publish('terminos', '  ', 'Texto').expect(400);
    expect(empty.body.error.summary).toEqual(['Escribe qué cambió en esta versión']);
    await t.agent().get('/api/legal/terminos').expect(404);
  });

  it('should publish numbered versions, show the one in force with its date and keep earlier ones readable by link', async () => {
    const first = await publish('terminos', 'Primera versión.', 'Términos, versión uno.').expect(200);
    expect(first.body).toMatchObject({ kind: 'terminos', version: 1, publishedAt: NOW.toISOString() });
    await publish('privacidad', 'Primera versión.', 'Aviso de privacidad integral, versión uno.').expect(200);

    const shown = await t.agent().get('/api/legal/terminos').expect(200);
    expect(shown.body).toEqual({
      success: true,
      kind: 'terminos',
      version: 1,
      publishedAt: NOW.toISOString(),
      summary: 'Primera versión.',
      text: 'Términos, versión uno.',
    });
    const privacy = await t.agent().get('/api/legal/privacidad').expect(200);
    expect(privacy.body.text).toBe('Aviso de privacidad integral, versión uno.');
  });

  it('should record at registration the versions in force, the time and the address, and marketing off unless ticked', async () => {
    clock.set(new Date(NOW.getTime() + 60_000));
    const { agent, user } = await registerUser(t, { email: 'registro.legal@example.com' });
    const rows = await consentRows(user.id);
    expect(rows.map((r) => ({ ...r, version: Number(r.version) }))).toEqual([
      { kind: 'privacidad', version: 1, ip: expect.stringMatching(/127\.0\.0\.1$/), source: 'registration' },
      { kind: 'terminos', version: 1, ip: expect.stringMatching(/127\.0\.0\.1$/), source: 'registration' },
    ]);
    const recorded = await t.dataSource.getRepository(LegalConsent).findBy({ userId: user.id });
    expect(recorded.map((row) => row.acceptedAt.getTime())).toEqual([NOW.getTime() + 60_000, NOW.getTime() + 60_000]);
    expect((await agent.get('/api/consents/pending').expect(200)).body.pending).toEqual([]);
    expect((await agent.get('/api/consents/marketing').expect(200)).body).toEqual({
      success: true,
      optedIn: false,
      since: null,
    });

    const ticked = await t
      .agent()
      .post('/api/auth/register')
      .send(validRegistration({ email: 'promos@example.com', marketingConsent: true }))
      .expect(201);
    const [marketing] = await t.dataSource.query(
      'SELECT COUNT(*) AS n FROM marketing_consents WHERE user_id = ? AND withdrawn_at IS NULL',
      [ticked.body.user.id],
    );
    expect(Number(marketing.n)).toBe(1);
  });

  it("should refuse a client's booking with TERMS_ACCEPTANCE_REQUIRED after a new terms version, until they accept it", async () => {
    const client = await clientWithPlan(t, 'Aceptar', { classes: 3 });
    const schedule = await scheduleAt(t, 1, '08:00');
    clock.set(LATER);
    const v2 = await publish('terminos', 'Cancelación con 12 horas.', 'Términos, versión dos.').expect(200);
    expect(v2.body.version).toBe(2);

    const pending = await client.agent.get('/api/consents/pending').expect(200);
    expect(pending.body.pending).toEqual([
      { kind: 'terminos', version: 2, publishedAt: LATER.toISOString(), summary: 'Cancelación con 12 horas.' },
    ]);
    const refused = await client.agent
      .post('/api/reservations/push-reservation')
      .send({ date: NEXT_MONDAY, classReservation: schedule.id })
      .expect(409);
    expect(refused.body.code).toBe('TERMS_ACCEPTANCE_REQUIRED');
    const [{ n: reservations }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM reservations WHERE user_id = ?', [
      client.id,
    ]);
    expect(Number(reservations)).toBe(0);

    // The version read must be the one in force.
    const stale = await client.agent.post('/api/consents/accept').send({ kind: 'terminos', version: 1 }).expect(409);
    expect(stale.body.code).toBe('LEGAL_VERSION_NOT_CURRENT');
    const accepted = await client.agent.post('/api/consents/accept').send({ kind: 'terminos', version: 2 }).expect(200);
    expect(accepted.body.pending).toEqual([]);
    // Twice (a double click) records it once.
    await client.agent.post('/api/consents/accept').send({ kind: 'terminos', version: 2 }).expect(200);
    const rows = await consentRows(client.id);
    expect(rows.filter((r) => r.kind === 'terminos').map((r) => [Number(r.version), r.source])).toEqual([
      [1, 'registration'],
      [2, 'account'],
    ]);

    await client.agent
      .post('/api/reservations/push-reservation')
      .send({ date: NEXT_MONDAY, classReservation: schedule.id })
      .expect(201);

    // Version 1 stays readable by its link; the list names both.
    const old = await t.agent().get('/api/legal/terminos/versions/1').expect(200);
    expect(old.body).toMatchObject({ version: 1, text: 'Términos, versión uno.', publishedAt: NOW.toISOString() });
    const versions = await t.agent().get('/api/legal/terminos/versions').expect(200);
    expect(versions.body.versions).toEqual([
      { version: 2, publishedAt: LATER.toISOString(), summary: 'Cancelación con 12 horas.' },
      { version: 1, publishedAt: NOW.toISOString(), summary: 'Primera versión.' },
    ]);
    expect((await t.agent().get('/api/legal/terminos').expect(200)).body.version).toBe(2);
  });

  it('should let the admin book for a client who has not accepted the new version', async () => {
    const client = await clientWithPlan(t, 'Mostrador', { classes: 2 });
    clock.set(LATER);
    await publish('privacidad', 'Nuevo encargado de datos.', 'Aviso de privacidad, versión dos.').expect(200);
    const schedule = await scheduleAt(t, 1, '09:00');
    await admin
      .post('/api/reservations/push-reservation')
      .send({ date: NEXT_MONDAY, classReservation: schedule.id, userId: client.id })
      .expect(201);
    const own = await client.agent
      .post('/api/reservations/push-reservation')
      .send({ date: NEXT_MONDAY, classReservation: (await scheduleAt(t, 1, '20:00')).id })
      .expect(409);
    expect(own.body.code).toBe('TERMS_ACCEPTANCE_REQUIRED');
  });

  it('should give two versions, not one, when two admins publish at once', async () => {
    const [a, b] = await Promise.all([
      publish('aviso-corto', 'A', 'Aviso corto A.'),
      publish('aviso-corto', 'B', 'Aviso corto B.'),
    ]);
    const statuses = [a.status, b.status].sort();
    // Either both land (versions 1 and 2) or the second is told to retry: never two versions 1.
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const rows: { version: unknown }[] = await t.dataSource.query(
      "SELECT version FROM legal_documents WHERE kind = 'aviso-corto' ORDER BY version",
    );
    expect(rows.map((r) => Number(r.version))).toEqual(statuses[1] === 200 ? [1, 2] : [1]);
  });

  it('should opt in to promotions and withdraw with one click, keeping the history', async () => {
    const client = await newClient(t, 'Promos');
    const on = await client.agent.post('/api/consents/marketing').send({ optIn: true }).expect(200);
    expect(on.body).toEqual({ success: true, optedIn: true, since: NOW.toISOString() });
    await client.agent.post('/api/consents/marketing').send({ optIn: true }).expect(200);
    clock.set(LATER);
    const off = await client.agent.post('/api/consents/marketing').send({ optIn: false }).expect(200);
    expect(off.body).toEqual({ success: true, optedIn: false, since: null });
    const rows: { withdrawn: unknown }[] = await t.dataSource.query(
      'SELECT withdrawn_at AS withdrawn FROM marketing_consents WHERE user_id = ?',
      [client.user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].withdrawn).not.toBeNull();
  });
});
