import { FixedClock } from '../src/core/clock/clock';
import { User } from '../src/auth/entities/user.entity';
import { Payment } from '../src/payments/entities/payment.entity';
import { Plan } from '../src/planes/entities/plan.entity';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
import { ClassSession } from '../src/reservations/entities/class-session.entity';
import { Reservation } from '../src/reservations/entities/reservation.entity';
import { Schedule } from '../src/reservations/entities/schedule.entity';
import { adminAgent, newClient, NOW } from './helpers/booking';
import { createTestApp, type TestApp } from './helpers/test-app';

/** A minimal RFC 4180 reader (quotes, doubled quotes, commas and line breaks inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('CSV exports: GET /api/admin/export/<kind>.csv', () => {
  let t: TestApp;
  let admin: ReturnType<TestApp['agent']>;
  const trickyName = 'Ana "La Flaca", López\nSegunda línea';

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(NOW) });
    admin = await adminAgent(t);
    const manager = t.dataSource.manager;
    const user = await manager.insert(User, {
      name: trickyName,
      email: 'ana.csv@example.com',
      phone: '=HYPERLINK("x")',
      passwordHash: 'x',
      birthDate: '1991-02-03',
      role: 'user',
      active: true,
      createdAt: new Date('2026-11-01T06:00:00Z'), // the studio's midnight opening November
    });
    const userId = Number(user.identifiers[0].id);
    // The studio's midnight after the period's last day: not yet a client in November's file.
    await manager.insert(User, {
      name: 'Diciembre',
      email: 'diciembre.csv@example.com',
      phone: null,
      passwordHash: 'x',
      birthDate: '1991-02-03',
      role: 'user',
      active: true,
      createdAt: new Date('2026-12-01T06:00:00Z'),
    });
    const plan = await manager.findOneByOrFail(Plan, { name: 'Cuatro Clases' });
    const userPlan = await manager.insert(UserPlan, {
      userId,
      planId: plan.id,
      planName: '+Cuatro Clases',
      classesTotal: 4,
      classesRemaining: 3,
      startDate: '2026-11-02',
      endDate: '2026-12-01',
      isPaid: true,
      source: 'admin',
      createdAt: new Date('2026-11-02T18:30:00Z'),
    });
    const userPlanId = Number(userPlan.identifiers[0].id);
    await manager.insert(Payment, {
      userId,
      planId: plan.id,
      planName: 'Cuatro Clases',
      classCount: 4,
      priceCents: 800_00,
      commissionCents: 32_00,
      totalCents: 832_00,
      status: 'approved',
      reference: 'pilates-csv-1',
      providerPaymentId: '-123',
      approvedAt: new Date('2026-11-30T05:59:59Z'), // 29 de noviembre, 23:59 en el estudio
      paidCents: 832_00,
      refundedCents: 100_50,
    });
    const schedule = await manager.findOneByOrFail(Schedule, { weekday: 1, startTime: '07:00' });
    const session = await manager.insert(ClassSession, {
      scheduleId: schedule.id,
      date: '2026-11-16',
      startTime: '07:00',
      capacity: schedule.capacity,
      reservedCount: 1,
    });
    await manager.insert(Reservation, {
      classSessionId: Number(session.identifiers[0].id),
      userId,
      userPlanId,
      status: 'active',
      activeMarker: 1,
      attended: false,
    });
  });
  afterAll(() => t.close());

  const download = (kind: string, from = '2026-11-01', to = '2026-11-30') =>
    admin
      .get(`/api/admin/export/${kind}.csv?from=${from}&to=${to}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it.each([
    ['payments', 'pagos'],
    ['plans', 'planes-otorgados'],
    ['reservations', 'reservas'],
    ['clients', 'clientes'],
    ['gift-cards', 'tarjetas-de-regalo'],
  ])('should send %s as a UTF-8 CSV with BOM, a header row and an attachment name', async (kind, name) => {
    const res = await download(kind).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}-2026-11-01-a-2026-11-30.csv"`);
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.toString('utf8').slice(1));
    // This file's data has no gift card (dashboard-gifts.int-spec.ts checks that export's rows): its header alone.
    expect(rows.length).toBeGreaterThanOrEqual(kind === 'gift-cards' ? 1 : 2);
    expect(rows.every((row) => row.length === rows[0].length)).toBe(true);
  });

  it('should quote commas, quotes and line breaks, and defuse cells that a spreadsheet would run as formulas', async () => {
    const text = ((await download('clients').expect(200)).body as Buffer).toString('utf8');
    expect(text).toContain('"Ana ""La Flaca"", López\nSegunda línea"');
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([
      'Folio',
      'Nombre',
      'Correo',
      'Teléfono',
      'Fecha de nacimiento',
      'Alta',
      'Activo',
      'Clases reservadas en el periodo',
      'Asistencias',
      'Faltas',
    ]);
    const ana = rows.find((r) => r[2] === 'ana.csv@example.com')!;
    expect(ana.slice(1)).toEqual([
      trickyName,
      'ana.csv@example.com',
      `'=HYPERLINK("x")`,
      '03/02/1991',
      '01/11/2026 00:00',
      'Sí',
      '1',
      '0',
      '1',
    ]);
    // Every client with an account by the period's end (the studio's midnight after it) is listed.
    expect(rows.some((r) => r[2] === 'diciembre.csv@example.com')).toBe(false);
    const withDecember = parseCsv(
      ((await download('clients', '2026-12-01', '2026-12-01').expect(200)).body as Buffer).toString('utf8').slice(1),
    );
    expect(withDecember.some((r) => r[2] === 'diciembre.csv@example.com')).toBe(true);
  });

  it('should write payments with es-MX dates in the studio zone and amounts in pesos', async () => {
    const rows = parseCsv(((await download('payments').expect(200)).body as Buffer).toString('utf8').slice(1));
    expect(rows.slice(1).map((r) => r.slice(1, 12))).toEqual([
      [
        '29/11/2026 23:59',
        trickyName,
        'ana.csv@example.com',
        'Cuatro Clases',
        'Aprobado',
        '832',
        '100.5',
        '731.5',
        "'-123",
        'pilates-csv-1',
        '',
      ],
    ]);
    // The last day ends at the studio's midnight: the period ending on the 28th does not hold it.
    expect(
      parseCsv(
        ((await download('payments', '2026-11-01', '2026-11-28').expect(200)).body as Buffer).toString('utf8').slice(1),
      ),
    ).toHaveLength(1);
  });

  it('should write plans given and reservations with attendance', async () => {
    const plans = parseCsv(((await download('plans').expect(200)).body as Buffer).toString('utf8').slice(1));
    expect(plans.slice(1).map((r) => r.slice(1))).toEqual([
      [
        '02/11/2026 12:30',
        trickyName,
        'ana.csv@example.com',
        "'+Cuatro Clases",
        'Administración',
        'Sí',
        '4',
        '3',
        '02/11/2026',
        '01/12/2026',
        'No',
        '800',
        // Forma de pago: a plan given by an admin has no payment.
        '',
        // Código, Descuento, Saldo de regalo: nor a purchase's code, discount or balance.
        '',
        '',
        '',
      ],
    ]);
    const reservations = parseCsv(
      ((await download('reservations').expect(200)).body as Buffer).toString('utf8').slice(1),
    );
    expect(reservations[0]).toEqual([
      'Folio',
      'Fecha de la clase',
      'Hora',
      'Cliente',
      'Correo',
      'Estado',
      'Asistencia',
      'Plan',
    ]);
    expect(reservations.slice(1).map((r) => r.slice(1))).toEqual([
      ['16/11/2026', '7:00 AM', trickyName, 'ana.csv@example.com', 'Activa', 'No asistió', "'+Cuatro Clases"],
    ]);
  });

  it('should answer 404 for an unknown export and a Spanish 400 for a bad period', async () => {
    expect(
      (await admin.get('/api/admin/export/secretos.csv?from=2026-11-01&to=2026-11-30').expect(404)).body.code,
    ).toBe('NOT_FOUND');
    const bad = await admin.get('/api/admin/export/payments.csv?from=2026-11-30&to=2026-11-01').expect(400);
    expect(JSON.stringify(bad.body.error)).toContain('posterior');
  });

  it.each(['payments', 'plans', 'reservations', 'clients', 'gift-cards'])(
    'should bound the period of the %s export like the dashboard: 366 days at most, from 2000, to a year after today',
    async (kind) => {
      const refusals: [string, Record<string, string[]>][] = [
        ['from=2025-01-01&to=2026-01-02', { to: ['El periodo no puede pasar de 366 días.'] }],
        ['from=9999-01-01&to=9999-12-31', { to: ['La fecha de término no puede ser más de 366 días después de hoy.'] }],
        ['from=2026-11-01&to=9999-12-31', { to: ['El periodo no puede pasar de 366 días.'] }],
        ['from=0001-01-01&to=0001-12-31', { from: ['El periodo no puede empezar antes del 1 de enero de 2000.'] }],
      ];
      for (const [query, error] of refusals) {
        const res = await admin.get(`/api/admin/export/${kind}.csv?${query}`);
        expect({ query, status: res.status, body: res.body }).toEqual({
          query,
          status: 400,
          body: { success: false, code: 'VALIDATION_ERROR', error },
        });
      }
      await admin.get(`/api/admin/export/${kind}.csv?from=2025-11-24&to=2026-11-24`).expect(200);
    },
  );

  it('should refuse a client (403) and a guest (401), with the session cookie being the only credential of a GET', async () => {
    const client = await newClient(t, 'Curiosa');
    await client.agent.get('/api/admin/export/payments.csv?from=2026-11-01&to=2026-11-30').expect(403);
    await t.http().get('/api/admin/export/payments.csv?from=2026-11-01&to=2026-11-30').expect(401);
  });
});
