import { unzipSync, strFromU8 } from 'fflate';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { FixedClock } from '../src/core/clock/clock';
import { NotificationsService } from '../src/notifications/notifications.service';
import { Membership } from '../src/payments/entities/membership.entity';
import { Payment } from '../src/payments/entities/payment.entity';
import { PaymentGateway } from '../src/payments/payment-gateway';
import { DataExportService } from '../src/privacy/data-export.service';
import { EXPORT_SECTIONS } from '../src/privacy/export-sections';
import { loginAs, registerUser } from './helpers/accounts';
import { adminAgent, givePlan, newClient, NEXT_MONDAY, NOW, scheduleAt, sessionOf } from './helpers/booking';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

const HOUR = 3600 * 1000;
const FISCAL = {
  rfc: 'GODE561231GR8',
  legalName: 'Emilio Gómez Díaz',
  taxSystem: '612',
  zip: '52140',
  cfdiUse: 'G03',
  email: 'facturas.emilio@example.com',
  autoInvoice: false,
};

/** Columns that hold a user's id without a foreign key (older tables, logs): named like these. */
const KNOWN_USER_COLUMN = /^(user_id|[a-z]+_user_id|actor_id|buyer_id|redeemed_by|[a-z]+ed_by)$/;

/** Every column of every table that references users, by foreign key or by a known user column name. */
async function userColumns(dataSource: DataSource): Promise<Map<string, Set<string>>> {
  const found = new Map<string, Set<string>>();
  const add = (table: string, column: string) => {
    if (table === 'users') return;
    if (!found.has(table)) found.set(table, new Set());
    found.get(table)!.add(column);
  };
  for (const { table, column } of await allColumns(dataSource)) {
    if (KNOWN_USER_COLUMN.test(column)) add(table, column);
  }
  if (dataSource.options.type === 'mysql') {
    const rows: { t: string; c: string }[] = await dataSource.query(
      `SELECT table_name AS t, column_name AS c FROM information_schema.key_column_usage
       WHERE table_schema = DATABASE() AND referenced_table_name = 'users'`,
    );
    for (const row of rows) add(row.t, row.c);
  } else {
    for (const { table } of await allTables(dataSource)) {
      const keys: { table: string; from: string }[] = await dataSource.query(`PRAGMA foreign_key_list("${table}")`);
      for (const key of keys) if (key.table === 'users') add(table, key.from);
    }
  }
  return found;
}

async function allTables(dataSource: DataSource): Promise<{ table: string }[]> {
  return dataSource.options.type === 'mysql'
    ? dataSource.query(
        "SELECT table_name AS `table` FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'",
      )
    : dataSource.query("SELECT name AS \"table\" FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
}

async function allColumns(dataSource: DataSource): Promise<{ table: string; column: string; type: string }[]> {
  if (dataSource.options.type === 'mysql') {
    return dataSource.query(
      `SELECT table_name AS \`table\`, column_name AS \`column\`, data_type AS type FROM information_schema.columns
       WHERE table_schema = DATABASE()`,
    );
  }
  const out: { table: string; column: string; type: string }[] = [];
  for (const { table } of await allTables(dataSource)) {
    const columns: { name: string; type: string }[] = await dataSource.query(`PRAGMA table_info("${table}")`);
    for (const column of columns) out.push({ table, column: column.name, type: column.type.toLowerCase() });
  }
  return out;
}

const TEXT_TYPE = /char|text|json|clob/;

/** Where any of `needles` appears in a text column of any table: "table.column: value". */
async function occurrences(dataSource: DataSource, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column, type } of await allColumns(dataSource)) {
    if (!TEXT_TYPE.test(type) || table === 'migrations') continue;
    for (const needle of needles) {
      const quoted = dataSource.options.type === 'mysql' ? `\`${column}\`` : `"${column}"`;
      const rows: { n: number | string }[] = await dataSource.query(
        `SELECT COUNT(*) AS n FROM ${table} WHERE LOWER(${quoted}) LIKE ?`,
        [`%${needle.toLowerCase()}%`],
      );
      if (Number(rows[0].n) > 0) found.push(`${table}.${column}: ${needle}`);
    }
  }
  return found;
}

describe('«Tus datos»: download everything the studio holds, and delete the account', () => {
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

  const book = async (agent: Agent, weekday: number, time: string) => {
    const schedule = await scheduleAt(t, weekday, time);
    await agent
      .post('/api/reservations/push-reservation')
      .send({ date: NEXT_MONDAY, classReservation: schedule.id })
      .expect(201);
    return schedule;
  };

  describe('«Descargar mis datos»', () => {
    it('should give a JSON and a ZIP link for 24 hours that only its owner can open', async () => {
      const { agent, user } = await newClient(t, 'Exporta');
      await givePlan(t, user.id, { classes: 4 });
      await book(agent, 1, '07:00');
      await agent.post('/api/informacion/whatsapp').send({ phone: '722 555 0101', consent: true }).expect(200);

      const res = await agent.post('/api/informacion/export-data').expect(200);
      expect(res.body).toEqual({
        success: true,
        url: expect.stringMatching(/^\/api\/informacion\/export\/[A-Za-z0-9_-]{43}\.json$/),
        zipUrl: expect.stringMatching(/^\/api\/informacion\/export\/[A-Za-z0-9_-]{43}\.zip$/),
        expiresAt: new Date(NOW.getTime() + 24 * HOUR).toISOString(),
      });

      const json = await agent.get(res.body.url).expect(200);
      expect(json.headers['content-type']).toMatch(/^application\/json/);
      expect(json.headers['cache-control']).toBe('private, no-store');
      const data = JSON.parse(json.text);
      expect(data.tablas.users).toEqual([expect.objectContaining({ id: user.id, email: user.email, name: user.name })]);
      expect(data.tablas.users[0]).not.toHaveProperty('password_hash');
      expect(data.tablas.reservations).toEqual([
        expect.objectContaining({
          user_id: user.id,
          class_day: NEXT_MONDAY,
          class_start_time: '07:00',
          status: 'active',
        }),
      ]);
      expect(data.tablas.whatsapp_consents).toEqual([expect.objectContaining({ phone: '+527225550101' })]);
      expect(data.tablas.legal_consents).toEqual([]);
      expect(data.tablas.user_plans).toHaveLength(1);

      const zip = await agent
        .get(res.body.zipUrl)
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      const files = unzipSync(new Uint8Array(zip.body as Buffer));
      expect(Object.keys(files)).toEqual(
        expect.arrayContaining([
          'LEEME.txt',
          'mis-datos.json',
          'perfil.csv',
          'reservaciones-y-asistencia.csv',
          'planes.csv',
        ]),
      );
      const profile = strFromU8(files['perfil.csv']);
      // UTF-8 BOM first (the decoder drops it from the text), then the header in Spanish.
      expect([...files['perfil.csv'].slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(profile.startsWith('Número,Nombre,Correo,Teléfono')).toBe(true);
      expect(profile).toContain(user.email);
      const [, birth] = /,(\d\d\/\d\d\/\d{4}),/.exec(profile) ?? [];
      expect(birth).toBe('17/05/1990');
      const reservations = strFromU8(files['reservaciones-y-asistencia.csv']);
      expect(reservations).toContain(
        `${NEXT_MONDAY.slice(8, 10)}/${NEXT_MONDAY.slice(5, 7)}/${NEXT_MONDAY.slice(0, 4)}`,
      );

      // Another client and a guest get the same 404 as an unknown link.
      const other = await newClient(t, 'Ajena');
      const refused = await other.agent.get(res.body.url).expect(404);
      expect(refused.body).toMatchObject({ code: 'EXPORT_NOT_FOUND', error: 'No encontramos esa descarga.' });
      await t.agent().get(res.body.url).expect(404);
      await agent.get('/api/informacion/export/no-es-un-enlace.json').expect(404);

      // After 24 hours: 410 in Spanish; the sweep removes the row.
      clock.set(new Date(NOW.getTime() + 24 * HOUR));
      const gone = await agent.get(res.body.url).expect(410);
      expect(gone.body.code).toBe('EXPORT_EXPIRED');
      expect(gone.body.error).toMatch(/venció/);
      expect(await t.app.get(DataExportService).sweep()).toBeGreaterThanOrEqual(1);
      await agent.get(res.body.url).expect(404);
    });

    it('should refuse a fourth link within 24 hours with 429 EXPORT_LIMIT, and allow one the next day', async () => {
      const { agent } = await newClient(t, 'Limite');
      for (let i = 0; i < 3; i++) await agent.post('/api/informacion/export-data').expect(200);
      const refused = await agent.post('/api/informacion/export-data').expect(429);
      expect(refused.body.code).toBe('EXPORT_LIMIT');
      clock.set(new Date(NOW.getTime() + 24 * HOUR + 1000));
      await agent.post('/api/informacion/export-data').expect(200);
    });

    it('should name every table and column that references users in the export (a new one forgotten fails here)', async () => {
      const referencing = await userColumns(t.dataSource);
      expect(referencing.size).toBeGreaterThan(20);
      const declared = new Map(
        EXPORT_SECTIONS.map((section) => [
          section.table,
          new Set([...section.ownerColumns, ...(section.actorColumns ?? [])]),
        ]),
      );
      const missing: string[] = [];
      for (const [table, columns] of referencing) {
        for (const column of columns) {
          if (!declared.get(table)?.has(column)) missing.push(`${table}.${column}`);
        }
      }
      expect(missing).toEqual([]);

      // And the file itself has each of those tables.
      const { agent } = await newClient(t, 'Completa');
      const link = await agent.post('/api/informacion/export-data').expect(200);
      const data = JSON.parse((await agent.get(link.body.url).expect(200)).text);
      expect([...referencing.keys()].filter((table) => !(table in data.tablas))).toEqual([]);
      expect(data.tablas.data_exports).toEqual([expect.not.objectContaining({ token_hash: expect.anything() })]);
    });
  });

  describe('«Eliminar mi cuenta»', () => {
    it('should refuse a wrong password (400) and a staff account (409), and change nothing', async () => {
      const { agent, user } = await newClient(t, 'Clave');
      const wrong = await agent.post('/api/informacion/delete-account').send({ password: 'no-es-esta' }).expect(400);
      expect(wrong.body.code).toBe('CURRENT_PASSWORD_WRONG');
      const missing = await agent.post('/api/informacion/delete-account').send({}).expect(400);
      expect(Object.keys(missing.body.error)).toEqual(['password']);
      const [row] = await t.dataSource.query('SELECT email, active FROM users WHERE id = ?', [user.id]);
      expect(row.email).toBe(user.email);
      const self = await admin.post('/api/admin/delete-account').send({ userId: 1 }).expect(409);
      expect(self.body.code).toBe('DELETION_SELF_BY_ADMIN');
      await agent.post('/api/admin/delete-account').send({ userId: user.id }).expect(403);
      await admin.post('/api/admin/delete-account').send({ userId: 999999 }).expect(404);
      const teacher = await newClient(t, 'Instructora');
      await t.dataSource.query("UPDATE users SET role = 'instructor' WHERE id = ?", [teacher.user.id]);
      const staff = await admin.post('/api/admin/delete-account').send({ userId: teacher.user.id }).expect(409);
      expect(staff.body.code).toBe('DELETION_STAFF_ACCOUNT');
    });

    it('should list what is pending (409) and, confirmed, anonymise every table, cancel the class and end the sessions', async () => {
      const name = 'Perla Quintanar Ybarra';
      const email = 'perla.quintanar@example.com';
      const birth = '1987-03-29';
      const phone = '722 987 6543';
      // Registered with an earlier name, which the admin's edit below leaves in the audit log.
      const { agent, user } = await registerUser(t, {
        name: 'Perlita Quintanar',
        email,
        cumpleanos: birth,
        whatsappConsent: true,
        whatsapp: phone,
        marketingConsent: true,
      });
      const other = await loginAs(t, email, 'clave-segura-1');
      await givePlan(t, user.id, { classes: 5, name: 'Cinco Clases' });
      const schedule = await book(agent, 1, '09:00');
      await agent.post('/api/informacion/fiscal-data').send(FISCAL).expect(200);
      const [plan] = await t.dataSource.query('SELECT id FROM plans ORDER BY id LIMIT 1');
      const paid = await t.dataSource.getRepository(Payment).save({
        userId: user.id,
        planId: Number(plan.id),
        planName: 'Cinco Clases',
        classCount: 5,
        priceCents: 120_000,
        commissionCents: 0,
        totalCents: 120_000,
        method: 'efectivo',
        status: 'approved' as const,
        reference: `mostrador-${randomUUID()}`,
        paidCents: 120_000,
        approvedAt: NOW,
      });
      // An invoice of the payment: a row with the RFC and legal name.
      await agent.post('/api/informacion/request-invoice').send({ purchaseId: paid.id }).expect(202);
      await admin
        .post('/api/informacion/change-info-user')
        .send({ id_user: user.id, name, email, cumpleanos: birth })
        .expect(200);
      // An ARCO request from the account and one without a session from the same address: both
      // stay as proof, naming no one (and the studio's mails about them lose the person's values).
      await agent
        .post('/api/arco-request')
        .send({ name, email, right: 'acceso', detail: `Soy ${name}, nací el ${birth}: quiero mis datos.` })
        .expect(201);
      await t
        .agent()
        .post('/api/arco-request')
        .send({ name, email, right: 'cancelacion', detail: 'Borren mi teléfono 722 987 6543.' })
        .expect(201);
      await agent.post('/api/informacion/export-data').expect(200);
      const session = await sessionOf(t, schedule.id, NEXT_MONDAY);
      expect(session!.reservedCount).toBe(1);

      // The person is in every table the test can reach before the deletion.
      const count = async (sql: string) => Number((await t.dataSource.query(sql, [user.id]))[0].n);
      expect(await count('SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?')).toBe(1);
      expect(await count('SELECT COUNT(*) AS n FROM fiscal_profiles WHERE user_id = ?')).toBe(1);
      expect(await count('SELECT COUNT(*) AS n FROM whatsapp_consents WHERE user_id = ?')).toBe(1);
      expect(await count('SELECT COUNT(*) AS n FROM marketing_consents WHERE user_id = ?')).toBe(1);
      expect(await count('SELECT COUNT(*) AS n FROM notification_events WHERE recipient_user_id = ?')).toBeGreaterThan(
        0,
      );
      expect(await count('SELECT COUNT(*) AS n FROM audit_log WHERE subject_user_id = ?')).toBeGreaterThan(0);
      expect(await occurrences(t.dataSource, [name, email, 'GODE561231GR8'])).not.toEqual([]);

      const pending = await agent
        .post('/api/informacion/delete-account')
        .send({ password: 'clave-segura-1' })
        .expect(409);
      expect(pending.body.code).toBe('DELETION_PENDING_ITEMS');
      expect(pending.body.error).toEqual({
        planes: ['Tu plan «Cinco Clases» con 4 clases por usar (vence el 22/12/2026).'],
        reservaciones: ['1 clase reservada por venir: se cancelará y su lugar quedará libre.'],
      });

      const done = await agent
        .post('/api/informacion/delete-account')
        .send({ password: 'clave-segura-1', confirmForfeit: true })
        .expect(200);
      expect(done.body).toEqual({ success: true, message: 'Tu cuenta fue eliminada.', cancelledReservations: 1 });
      await t.app.get(NotificationsService).settled();

      // No trace of the person's values in any text column of any table.
      const rfcLoose = 'GODE561231GR8';
      expect(
        await occurrences(t.dataSource, [
          name,
          'Perlita Quintanar',
          email,
          birth,
          '7229876543',
          rfcLoose,
          'Emilio Gómez',
        ]),
      ).toEqual([]);
      // Kept: the account's id with its consents, payments; the class's place is free again.
      const [account] = await t.dataSource.query(
        'SELECT name, email, phone, active, calendar_token AS token FROM users WHERE id = ?',
        [user.id],
      );
      expect(account).toMatchObject({ name: 'Cuenta eliminada', phone: null, token: null });
      expect(account.email).toMatch(/^eliminada-\d+-[0-9a-f]{8}@cuenta-eliminada\.invalid$/);
      expect(Number(account.active)).toBe(0);
      const [consents] = await t.dataSource.query('SELECT COUNT(*) AS n FROM whatsapp_consents WHERE user_id = ?', [
        user.id,
      ]);
      expect(Number(consents.n)).toBe(1);
      const [payments] = await t.dataSource.query('SELECT COUNT(*) AS n FROM payments WHERE user_id = ?', [user.id]);
      expect(Number(payments.n)).toBe(1);
      const arco = await t.dataSource.query(
        'SELECT folio, status, name, detail FROM arco_requests WHERE user_id = ? OR name = ? ORDER BY id',
        [user.id, 'Cuenta eliminada'],
      );
      expect(arco).toEqual([
        expect.objectContaining({ status: 'recibida', name: 'Cuenta eliminada', detail: '[eliminado]' }),
        expect.objectContaining({ status: 'recibida', name: 'Cuenta eliminada', detail: '[eliminado]' }),
      ]);
      expect(arco[0].folio).toMatch(/^ARCO-\d{4}-\d{4}$/);
      expect((await sessionOf(t, schedule.id, NEXT_MONDAY))!.reservedCount).toBe(0);
      const [audit] = await t.dataSource.query(
        "SELECT actor_id AS actor, `after` AS a FROM audit_log WHERE action = 'user.delete' AND entity_id = ?",
        [String(user.id)],
      );
      expect(Number(audit.actor)).toBe(user.id);

      // Sessions ended, and the old credentials no longer log in.
      await agent.get('/api/get-cookie').expect(401);
      await other.get('/api/get-cookie').expect(401);
      const login = await t.agent().post('/api/auth/login').send({ email, password: 'clave-segura-1' }).expect(401);
      expect(login.body.code).toBe('INVALID_CREDENTIALS');
    });

    it('should cancel a live membership at Mercado Pago when the client confirms losing it', async () => {
      const { agent, user } = await newClient(t, 'Membresia');
      const gateway = t.app.get(PaymentGateway);
      const reference = `pilates-${randomUUID()}`;
      const subscription = await gateway.createSubscription({
        reference,
        reason: 'Ilimitado — Membresía mensual de Pilates Reformer',
        payerEmail: user.email,
        amountMxn: 1500,
        backUrl: 'http://127.0.0.1/pilates/clases',
      });
      const membership = await t.dataSource.getRepository(Membership).save({
        userId: user.id,
        planId: null,
        planName: 'Ilimitado',
        weeklyLimit: null,
        priceCents: 150_000,
        commissionCents: 0,
        totalCents: 150_000,
        reference,
        preapprovalId: subscription.id,
        status: 'active' as const,
      });

      const pending = await agent
        .post('/api/informacion/delete-account')
        .send({ password: 'clave-segura-1' })
        .expect(409);
      expect(pending.body.error).toEqual({ membresia: ['Tu membresía «Ilimitado»: se cancelará en Mercado Pago.'] });
      expect((await gateway.getSubscription(subscription.id))!.status).not.toBe('cancelled');

      await agent
        .post('/api/informacion/delete-account')
        .send({ password: 'clave-segura-1', confirmForfeit: true })
        .expect(200);
      expect((await gateway.getSubscription(subscription.id))!.status).toBe('cancelled');
      const saved = await t.dataSource.getRepository(Membership).findOneByOrFail({ id: membership.id });
      expect(saved.status).toBe('cancelled');
    });

    it("should let an admin delete a client's account on their written request", async () => {
      const { user } = await newClient(t, 'PorEscrito');
      const res = await admin.post('/api/admin/delete-account').send({ userId: user.id }).expect(200);
      expect(res.body).toEqual({ success: true, message: 'La cuenta fue eliminada.', cancelledReservations: 0 });
      const [row] = await t.dataSource.query('SELECT name FROM users WHERE id = ?', [user.id]);
      expect(row.name).toBe('Cuenta eliminada');
      // Again: nothing personal left, nothing to do.
      await admin.post('/api/admin/delete-account').send({ userId: user.id }).expect(200);
      // Never active again: its sessions and credentials are gone for good.
      const again = await admin.post('/api/admin/active-user').send({ id: user.id }).expect(409);
      expect(again.body.code).toBe('ACCOUNT_DELETED');
    });
  });
});
