import { DEFAULT_STUDIO_CONTACT } from '@pilates/dates';
import { FixedClock } from '../src/core/clock/clock';
import { NotificationsService } from '../src/notifications/notifications.service';
import { adminAgent, newClient, NOW } from './helpers/booking';
import { mailsFor } from './helpers/notifications';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

/** Tuesday 1 December 2026, noon in Mexico City. */
const RECEIVED = new Date('2026-12-01T18:00:00Z');
/** 20 business days after 1 December 2026: four weekends and Christmas (Friday 25) do not count. */
const DUE = '2026-12-30';

const request = (overrides: Record<string, unknown> = {}) => ({
  name: '  Ana López  ',
  email: ' Ana.Lopez@Example.com ',
  right: 'acceso',
  detail: ' Quiero saber qué datos míos tienen y para qué los usan. ',
  ...overrides,
});

describe('ARCO requests: anyone asks, the studio answers within 20 business days', () => {
  let t: TestApp;
  let admin: Agent;
  const clock = new FixedClock(RECEIVED);

  beforeAll(async () => {
    t = await createTestApp({ clock });
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    clock.set(RECEIVED);
    await t.app.get(NotificationsService).settled();
  });

  const rowOf = async (folio: string) =>
    (await t.dataSource.query('SELECT * FROM arco_requests WHERE folio = ?', [folio]))[0] as Record<string, unknown>;
  // A session lasts 30 days: the tests that move the clock far log the admin in again.
  const listed = async (folio: string) => {
    const res = await (await adminAgent(t)).get('/api/admin/arco-requests').expect(200);
    return (res.body.requests as { folio: string }[]).find((r) => r.folio === folio) as Record<string, unknown>;
  };

  it('should answer 201 with the folio and the due date 20 business days later, across weekends and Christmas', async () => {
    const res = await t.agent().post('/api/arco-request').send(request()).expect(201);
    expect(res.body).toEqual({ success: true, folio: expect.stringMatching(/^ARCO-2026-\d{4}$/), dueDate: DUE });
    const row = await rowOf(res.body.folio);
    expect(row).toMatchObject({
      name: 'Ana López',
      email: 'ana.lopez@example.com',
      arco_right: 'acceso',
      detail: 'Quiero saber qué datos míos tienen y para qué los usan.',
      status: 'recibida',
      user_id: null,
      answered_at: null,
    });
    expect(String(row.ip_address)).toMatch(/127\.0\.0\.1$/);
  });

  it("should count from the studio's date, not UTC's: 21:00 on 1 December in Mexico City is still the 1st", async () => {
    clock.set(new Date('2026-12-02T03:00:00Z'));
    const res = await t
      .agent()
      .post('/api/arco-request')
      .send(request({ right: 'oposicion' }))
      .expect(201);
    expect(res.body.dueDate).toBe(DUE);
    // Received on Friday 13 November: the weekend and Monday 16 (Revolution day, third Monday) do not count.
    clock.set(new Date('2026-11-13T17:00:00Z'));
    const friday = await t.agent().post('/api/arco-request').send(request()).expect(201);
    expect(friday.body.dueDate).toBe('2026-12-14');
  });

  it('should mail the requester (folio, right, due date in words) and the studio (who, what, link to the admin page)', async () => {
    const res = await t
      .agent()
      .post('/api/arco-request')
      .send(
        request({ email: 'mails.arco@example.com', right: 'rectificacion', detail: 'Mi apellido está mal escrito.' }),
      )
      .expect(201);
    const folio = res.body.folio as string;
    const [receipt] = await mailsFor(t, 'mails.arco@example.com');
    expect(receipt.subject).toBe('Recibimos tu solicitud ARCO');
    expect(receipt.text).toContain(folio);
    expect(receipt.text).toContain('Rectificación');
    expect(receipt.text).toContain('30 de diciembre de 2026');
    const studio = (await mailsFor(t, DEFAULT_STUDIO_CONTACT.email)).filter((mail) => mail.subject.includes(folio));
    expect(studio).toHaveLength(1);
    expect(studio[0].subject).toBe(`Nueva solicitud ARCO ${folio}`);
    expect(studio[0].text).toContain('Ana López (mails.arco@example.com)');
    expect(studio[0].text).toContain('Mi apellido está mal escrito.');
    expect(studio[0].text).toContain('30 de diciembre de 2026');
    expect(studio[0].text).toMatch(/\/pilates\/arco\b/);
  });

  it('should refuse bad input with 400 and Spanish messages, field by field, and record nothing', async () => {
    const [before] = await t.dataSource.query('SELECT COUNT(*) AS n FROM arco_requests');
    const empty = await t.agent().post('/api/arco-request').send({}).expect(400);
    expect(empty.body.code).toBe('VALIDATION_ERROR');
    expect(empty.body.error).toEqual({
      name: expect.arrayContaining(['Escribe tu nombre']),
      email: expect.arrayContaining(['El email es obligatorio']),
      right: expect.arrayContaining(['Elige qué derecho quieres ejercer']),
      detail: expect.arrayContaining(['Cuéntanos qué nos pides']),
    });
    const wrong = await t
      .agent()
      .post('/api/arco-request')
      .send(request({ email: 'no-es-correo', right: 'borrar', detail: 'x'.repeat(2001), name: '   ' }))
      .expect(400);
    expect(wrong.body.error.email).toContain('El correo no es válido');
    expect(wrong.body.error.right).toEqual(['Elige qué derecho quieres ejercer']);
    expect(wrong.body.error.detail).toEqual(['El detalle no puede tener más de 2000 caracteres']);
    expect(wrong.body.error.name).toEqual(['Escribe tu nombre']);
    const [after] = await t.dataSource.query('SELECT COUNT(*) AS n FROM arco_requests');
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("should link the request to the requester's account when they are logged in", async () => {
    const client = await newClient(t, 'ConCuenta');
    const res = await client.agent
      .post('/api/arco-request')
      .send(request({ name: client.user.name, email: client.user.email, right: 'cancelacion' }))
      .expect(201);
    expect(Number((await rowOf(res.body.folio)).user_id)).toBe(client.user.id);
    expect(await listed(res.body.folio)).toMatchObject({ hasAccount: true, right: 'cancelacion' });
  });

  it('should give concurrent submissions distinct folios, one sequence per year', async () => {
    clock.set(new Date('2027-01-05T16:00:00Z'));
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t
          .agent()
          .post('/api/arco-request')
          .send(request({ email: `simultanea${i}@example.com` })),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const folios = answers.map((res) => res.body.folio as string).sort();
    expect(folios).toEqual([
      'ARCO-2027-0001',
      'ARCO-2027-0002',
      'ARCO-2027-0003',
      'ARCO-2027-0004',
      'ARCO-2027-0005',
      'ARCO-2027-0006',
    ]);
  });

  it('should list requests newest first with business days left, 0 on the due day and negative once overdue', async () => {
    const res = await t
      .agent()
      .post('/api/arco-request')
      .send(request({ email: 'plazo@example.com' }))
      .expect(201);
    const folio = res.body.folio as string;
    expect(await listed(folio)).toMatchObject({
      folio,
      name: 'Ana López',
      email: 'plazo@example.com',
      right: 'acceso',
      receivedAt: RECEIVED.toISOString(),
      dueDate: DUE,
      status: 'recibida',
      businessDaysLeft: 20,
      overdue: false,
      answeredAt: null,
      responseNote: null,
      hasAccount: false,
    });
    const all = (await admin.get('/api/admin/arco-requests').expect(200)).body.requests as { receivedAt: string }[];
    const received = all.map((r) => r.receivedAt);
    expect(received).toEqual([...received].sort().reverse());

    clock.set(new Date('2026-12-30T18:00:00Z'));
    expect(await listed(folio)).toMatchObject({ businessDaysLeft: 0, overdue: false });
    // Thursday 31 December, then Monday 4 January (1 January is a holiday): 1 and 2 business days late.
    clock.set(new Date('2026-12-31T18:00:00Z'));
    expect(await listed(folio)).toMatchObject({ businessDaysLeft: -1, overdue: true });
    clock.set(new Date('2027-01-04T18:00:00Z'));
    expect(await listed(folio)).toMatchObject({ businessDaysLeft: -2, overdue: true });
  });

  it('should change the status, ask for the answer when answering, stamp it and audit it', async () => {
    const res = await t
      .agent()
      .post('/api/arco-request')
      .send(request({ email: 'estado@example.com' }))
      .expect(201);
    const folio = res.body.folio as string;
    const id = Number((await rowOf(folio)).id);

    clock.set(new Date('2026-12-03T15:00:00Z'));
    admin = await adminAgent(t);
    const working = await admin
      .post(`/api/admin/arco-requests/${id}/status`)
      .send({ status: 'en_proceso' })
      .expect(200);
    expect(working.body.request).toMatchObject({ folio, status: 'en_proceso', answeredAt: null });

    const noNote = await admin.post(`/api/admin/arco-requests/${id}/status`).send({ status: 'respondida' }).expect(400);
    expect(noNote.body.error).toEqual({ responseNote: ['Escribe la respuesta o el motivo del rechazo'] });
    const badStatus = await admin.post(`/api/admin/arco-requests/${id}/status`).send({ status: 'cerrada' }).expect(400);
    expect(badStatus.body.error.status).toEqual(['El estado debe ser recibida, en_proceso, respondida o rechazada']);

    const answered = await admin
      .post(`/api/admin/arco-requests/${id}/status`)
      .send({ status: 'respondida', responseNote: '  Te enviamos tus datos por correo.  ' })
      .expect(200);
    expect(answered.body.request).toMatchObject({
      status: 'respondida',
      responseNote: 'Te enviamos tus datos por correo.',
      answeredAt: '2026-12-03T15:00:00.000Z',
      overdue: false,
    });
    // Answered, it is not overdue whatever the date.
    clock.set(new Date('2027-02-01T18:00:00Z'));
    expect(await listed(folio)).toMatchObject({ status: 'respondida', overdue: false });

    const [audit] = await t.dataSource.query(
      "SELECT actor_id AS actor, `before` AS b, `after` AS a FROM audit_log WHERE action = 'arco.status' AND entity_id = ? ORDER BY id DESC",
      [String(id)],
    );
    expect(Number(audit.actor)).toBe(1);
    const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
    expect(parse(audit.b)).toEqual({ folio, arcoStatus: 'en_proceso', responseNote: null });
    expect(parse(audit.a)).toEqual({
      folio,
      arcoStatus: 'respondida',
      responseNote: 'Te enviamos tus datos por correo.',
    });

    admin = await adminAgent(t);
    await admin.post('/api/admin/arco-requests/999999/status').send({ status: 'en_proceso' }).expect(404);
    const unknown = await admin.post('/api/admin/arco-requests/abc/status').send({ status: 'en_proceso' }).expect(404);
    expect(unknown.body.code).toBe('ARCO_REQUEST_NOT_FOUND');
  });

  it('should refuse the admin routes to a client (403) and a guest (401)', async () => {
    const client = await newClient(t, 'SinPermiso');
    await client.agent.get('/api/admin/arco-requests').expect(403);
    await client.agent.post('/api/admin/arco-requests/1/status').send({ status: 'en_proceso' }).expect(403);
    await t.agent().get('/api/admin/arco-requests').expect(401);
    await t.agent().post('/api/admin/arco-requests/1/status').send({ status: 'en_proceso' }).expect(401);
  });

  it("should show on the owner's dashboard the open requests past their due date, and how many are open", async () => {
    clock.set(new Date('2026-10-01T17:00:00Z'));
    admin = await adminAgent(t);
    const late = await t
      .agent()
      .post('/api/arco-request')
      .send(request({ name: 'Vencida Pérez' }))
      .expect(201);
    const answered = await t
      .agent()
      .post('/api/arco-request')
      .send(request({ name: 'Respondida Ruiz' }))
      .expect(201);
    const answeredId = Number((await rowOf(answered.body.folio)).id);
    await admin
      .post(`/api/admin/arco-requests/${answeredId}/status`)
      .send({ status: 'rechazada', responseNote: 'No encontramos datos tuyos.' })
      .expect(200);

    clock.set(new Date('2026-11-23T18:00:00Z'));
    admin = await adminAgent(t);
    const dashboard = (
      await admin.post('/api/admin/dashboard').send({ from: '2026-11-01', to: '2026-11-23' }).expect(200)
    ).body;
    const [open] = await t.dataSource.query(
      "SELECT COUNT(*) AS n FROM arco_requests WHERE status IN ('recibida', 'en_proceso')",
    );
    const [overdue] = await t.dataSource.query(
      "SELECT COUNT(*) AS n FROM arco_requests WHERE status IN ('recibida', 'en_proceso') AND due_date < '2026-11-23'",
    );
    expect(dashboard.arcoOpen).toBe(Number(open.n));
    expect(dashboard.arcoOverdue.count).toBe(Number(overdue.n));
    expect(dashboard.arcoOverdue.items).toContainEqual({
      id: expect.any(Number),
      folio: late.body.folio,
      name: 'Vencida Pérez',
      dueDate: late.body.dueDate,
    });
    expect(dashboard.arcoOverdue.items.map((item: { folio: string }) => item.folio)).not.toContain(answered.body.folio);
  });
});

describe('ARCO requests: per-address limit', () => {
  it('should refuse more than ARCO_RATE_LIMIT requests an hour from one address with 429 in Spanish', async () => {
    const clock = new FixedClock(NOW);
    const t = await createTestApp({ env: { ARCO_RATE_LIMIT: '2' }, clock });
    try {
      await t.agent().post('/api/arco-request').send(request()).expect(201);
      await t.agent().post('/api/arco-request').send(request()).expect(201);
      const refused = await t.agent().post('/api/arco-request').send(request()).expect(429);
      expect(refused.body).toEqual({
        success: false,
        code: 'ARCO_TOO_MANY_REQUESTS',
        error: expect.stringContaining('Espera un poco'),
      });
      // The login limit is another counter: it is not spent by these.
      await t.agent().post('/api/auth/login').send({ email: 'nadie@example.com', password: 'x12345' }).expect(401);
      clock.set(new Date(NOW.getTime() + 3600_000 + 1000));
      await t.agent().post('/api/arco-request').send(request()).expect(201);
      await t.app.get(NotificationsService).settled();
    } finally {
      await t.close();
    }
  });
});
