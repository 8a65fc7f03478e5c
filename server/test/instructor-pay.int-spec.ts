import { addDays, isoWeekday } from '@pilates/dates';
import { User } from '../src/auth/entities/user.entity';
import { FixedClock } from '../src/core/clock/clock';
import { Instructor } from '../src/instructors/entities';
import { NotificationsService } from '../src/notifications/notifications.service';
import { ClassSession } from '../src/reservations/entities/class-session.entity';
import { Reservation } from '../src/reservations/entities/reservation.entity';
import { Schedule } from '../src/reservations/entities/schedule.entity';
import { adminAgent, newClient, NOW, TODAY } from './helpers/booking';
import { randomFrom } from './helpers/dashboard-seed';
import { instructorNamed } from './helpers/instructors';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

// NOW: Monday 2026-11-23 06:00 in the studio: November's classes up to then count.
const MONTH = '2026-11';

interface Rate {
  perClassCents: number;
  perAttendeeCents: number;
  attendeeThreshold: number;
}

/** A class row as seeded, with its reservations: what the expected figures are computed from. */
interface SeededClass {
  id: number;
  date: string;
  startTime: string;
  cancelled: boolean;
  instructorId: number | null;
  substitute: boolean;
  /** Each reservation: active or not, and its attendance mark. */
  reservations: { active: boolean; attended: boolean | null }[];
}

interface ExpectedClass {
  classId: number;
  date: string;
  startTime: string;
  status: 'held' | 'cancelled';
  substitute: boolean;
  attendees: number;
  attendanceTaken: boolean;
  amountCents: number;
}

interface ExpectedPay {
  instructorId: number;
  name: string;
  rate: Rate;
  classes: ExpectedClass[];
  classesTaught: number;
  attendees: number;
  totalCents: number;
}

/**
 * The report worked out here from the seeded rows, apart from the server's code: a class counts for
 * the instructor its row names, once started; attendees are those marked came, or the active
 * reservations when nobody was marked; a cancelled class pays 0; a class with no active
 * reservation was not held.
 */
function expectedPay(
  classes: SeededClass[],
  instructors: { id: number; name: string; rate: Rate }[],
  month: string,
  { onlyId, now = { date: TODAY, time: '06:00' } }: { onlyId?: number; now?: { date: string; time: string } } = {},
): ExpectedPay[] {
  const result: ExpectedPay[] = [];
  for (const instructor of instructors) {
    if (onlyId !== undefined && instructor.id !== onlyId) continue;
    const mine = classes
      .filter((c) => c.instructorId === instructor.id && c.date.startsWith(`${month}-`))
      .filter((c) => c.date < now.date || (c.date === now.date && c.startTime <= now.time))
      .filter((c) => c.cancelled || c.reservations.some((r) => r.active))
      .sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime) || a.id - b.id);
    const list: ExpectedClass[] = mine.map((c) => {
      const active = c.reservations.filter((r) => r.active);
      const marked = active.filter((r) => r.attended !== null);
      const taken = !c.cancelled && marked.length > 0;
      const attendees = c.cancelled ? 0 : taken ? active.filter((r) => r.attended === true).length : active.length;
      const above = Math.max(0, attendees - instructor.rate.attendeeThreshold);
      return {
        classId: c.id,
        date: c.date,
        startTime: c.startTime,
        status: c.cancelled ? 'cancelled' : 'held',
        substitute: c.substitute,
        attendees,
        attendanceTaken: taken,
        amountCents: c.cancelled ? 0 : instructor.rate.perClassCents + instructor.rate.perAttendeeCents * above,
      };
    });
    if (list.length === 0 && onlyId === undefined) continue;
    result.push({
      instructorId: instructor.id,
      name: instructor.name,
      rate: instructor.rate,
      classes: list,
      classesTaught: list.filter((c) => c.status === 'held').length,
      attendees: list.reduce((sum, c) => sum + c.attendees, 0),
      totalCents: list.reduce((sum, c) => sum + c.amountCents, 0),
    });
  }
  return result.sort((a, b) => a.name.localeCompare(b.name, 'es-MX'));
}

/** The report's fields the expectation names (the wire's `time` aside). */
const comparable = (pay: Omit<ExpectedPay, 'classes'> & { classes: (ExpectedClass & { time?: string })[] }) => ({
  ...pay,
  classes: pay.classes.map(({ time: _time, ...rest }): ExpectedClass => rest),
});

describe('instructors’ pay: the monthly report, its CSV and an instructor’s own figures', () => {
  let t: TestApp;
  let admin: Agent;
  let teacher: Agent;
  const clock = new FixedClock(NOW);
  const seeded: SeededClass[] = [];
  let staff: { id: number; name: string; rate: Rate }[] = [];
  let diana: Instructor;
  let handmade: SeededClass;
  /** Today's 05:30 class (started at NOW) and 07:00 class (not yet). */
  let startedToday: SeededClass;
  let notYet: SeededClass;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    admin = await adminAgent(t);
    const rates: [string, Rate][] = [
      ['Ana López', { perClassCents: 15000, perAttendeeCents: 2000, attendeeThreshold: 4 }],
      ['Beto Ruiz', { perClassCents: 12000, perAttendeeCents: 0, attendeeThreshold: 0 }],
      ['Carla Méndez', { perClassCents: 10000, perAttendeeCents: 1500, attendeeThreshold: 2 }],
      ['Diana Sol', { perClassCents: 20050, perAttendeeCents: 1025, attendeeThreshold: 3 }],
      ['Elena Paz', { perClassCents: 9000, perAttendeeCents: 0, attendeeThreshold: 0 }],
    ];
    const profiles: Instructor[] = [];
    for (const [name, rate] of rates) {
      profiles.push(
        await instructorNamed(t, name, {
          payPerClassCents: rate.perClassCents,
          payPerAttendeeCents: rate.perAttendeeCents,
          payAttendeeThreshold: rate.attendeeThreshold,
        }),
      );
    }
    staff = profiles.map((p, i) => ({ id: p.id, name: p.name, rate: rates[i][1] }));
    await instructorNamed(t, 'Gina Sin Clases', { payPerClassCents: 30000 });
    const [ana, beto, carla] = profiles;
    diana = profiles[3];
    const elena = profiles[4];

    // Diana has an account with the instructor role, linked to her profile.
    const account = await newClient(t, 'Diana Cuenta');
    await t.dataSource.getRepository(User).update({ id: account.user.id }, { role: 'instructor' });
    await t.dataSource.getRepository(Instructor).update({ id: diana.id }, { userId: account.user.id });
    teacher = account.agent;

    const manager = t.dataSource.manager;
    const clients: number[] = [];
    for (let i = 0; i < 10; i++) {
      const inserted = await manager.insert(User, {
        name: `Alumna Pago ${i}`,
        email: `pago${i}@example.com`,
        passwordHash: 'x',
        birthDate: '1990-01-01',
        role: 'user',
        active: true,
      });
      clients.push(Number(inserted.identifiers[0].id));
    }

    // The timetable: each class's owner, weekday and time (Monday 05:30 has started at NOW, 07:00 not).
    const timetable: [Instructor, number, string][] = [
      [ana, 1, '07:00'],
      [beto, 1, '05:30'],
      [ana, 3, '18:00'],
      [beto, 2, '08:00'],
      [carla, 4, '19:00'],
      [diana, 1, '09:00'],
      [diana, 6, '10:00'],
      [elena, 5, '07:00'],
    ];
    const schedules: { id: number; owner: Instructor; weekday: number; startTime: string }[] = [];
    for (const [owner, weekday, startTime] of timetable) {
      const saved = await t.dataSource.getRepository(Schedule).save({
        weekday,
        startTime,
        capacity: 8,
        durationMinutes: 50,
        instructorId: owner.id,
        instructor: owner.name,
        active: true,
      });
      schedules.push({ id: saved.id, owner, weekday, startTime });
    }

    async function seedClass(
      scheduleId: number,
      date: string,
      startTime: string,
      teacherOf: Instructor | null,
      substitute: boolean,
      cancelled: boolean,
      reservations: { active: boolean; attended: boolean | null }[],
    ): Promise<SeededClass> {
      const inserted = await manager.insert(ClassSession, {
        scheduleId,
        date,
        startTime,
        capacity: 8,
        reservedCount: reservations.filter((r) => r.active).length,
        status: cancelled ? 'cancelled' : 'scheduled',
        instructorId: teacherOf?.id ?? null,
        instructor: teacherOf?.name ?? null,
        substitute,
      });
      const id = Number(inserted.identifiers[0].id);
      for (const [index, r] of reservations.entries()) {
        await manager.insert(Reservation, {
          classSessionId: id,
          classDate: date,
          userId: clients[index],
          userPlanId: null,
          paidAtStudio: true,
          status: r.active ? 'active' : 'cancelled',
          activeMarker: r.active ? 1 : null,
          attended: r.attended,
        });
      }
      const row: SeededClass = {
        id,
        date,
        startTime,
        cancelled,
        instructorId: teacherOf?.id ?? null,
        substitute,
        reservations,
      };
      seeded.push(row);
      return row;
    }

    // One class worked by hand: Ana, 6 came, 1 did not, 1 cancelled → 150 + 2 × 20 pesos.
    const sunday = await t.dataSource.getRepository(Schedule).save({
      weekday: 7,
      startTime: '11:00',
      capacity: 8,
      durationMinutes: 50,
      instructorId: ana.id,
      instructor: ana.name,
      active: true,
    });
    handmade = await seedClass(sunday.id, '2026-11-01', '11:00', ana, false, false, [
      ...Array.from({ length: 6 }, () => ({ active: true, attended: true })),
      { active: true, attended: false },
      { active: false, attended: null },
    ]);

    // Attendance taken and nobody came: Carla, as a substitute, is paid her class alone.
    await seedClass(sunday.id, '2026-11-08', '11:00', carla, true, false, [
      { active: true, attended: false },
      { active: true, attended: false },
    ]);

    // Today, Monday: Beto's 05:30 class has started (nobody marked: its 3 bookings count), Ana's 07:00 not.
    const scheduleOf = (owner: Instructor, startTime: string) =>
      schedules.find((s) => s.owner.id === owner.id && s.weekday === 1 && s.startTime === startTime)!.id;
    const unmarked = (count: number) => Array.from({ length: count }, () => ({ active: true, attended: null }));
    startedToday = await seedClass(scheduleOf(beto, '05:30'), TODAY, '05:30', beto, false, false, unmarked(3));
    notYet = await seedClass(scheduleOf(ana, '07:00'), TODAY, '07:00', ana, false, false, unmarked(5));

    // The rest from a seeded generator: October 25 to December 5, every timetable class on its weekday.
    const rnd = randomFrom(35);
    for (let date = '2026-10-25'; date <= '2026-12-05'; date = addDays(date, 1)) {
      if (date === TODAY) continue;
      for (const schedule of schedules.filter((s) => s.weekday === isoWeekday(date))) {
        if (rnd.next() < 0.1) continue; // nobody booked: no class row
        const cancelled = rnd.next() < 0.12;
        const roll = rnd.next();
        // A substitute on the date (another profile), or a row naming nobody (before profiles existed).
        const substitute = roll < 0.2;
        const teacherOf = substitute
          ? profiles.filter((p) => p.id !== schedule.owner.id)[rnd.int(0, profiles.length - 2)]
          : roll < 0.25
            ? null
            : schedule.owner;
        const booked = rnd.next() < 0.1 ? 0 : rnd.int(1, 8);
        const neverMarked = rnd.next() < 0.3;
        const reservations = Array.from({ length: booked }, () => {
          if (cancelled) return { active: false, attended: null };
          const active = rnd.next() > 0.15;
          const mark = rnd.next();
          const attended = !active || neverMarked ? null : mark < 0.65 ? true : mark < 0.85 ? false : null;
          return { active, attended };
        });
        await seedClass(schedule.id, date, schedule.startTime, teacherOf, substitute, cancelled, reservations);
      }
    }
  });
  afterAll(async () => {
    await t.app.get(NotificationsService).settled();
    await t.close();
  });
  afterEach(() => clock.set(NOW));

  it('pay sums checked against a computed dataset', async () => {
    const expected = expectedPay(seeded, staff, MONTH);
    const { body } = await admin.post('/api/admin/instructor-pay').send({ month: MONTH }).expect(200);
    expect(body.success).toBe(true);
    expect(body.month).toBe(MONTH);
    expect(body.instructors.map(comparable)).toEqual(expected);
    expect(body.totalCents).toBe(expected.reduce((sum, pay) => sum + pay.totalCents, 0));

    // The hand-worked class: 6 came, threshold 4 → 15000 + 2 × 2000.
    const ana = body.instructors.find((pay: ExpectedPay) => pay.name === 'Ana López');
    expect(ana.classes.find((c: ExpectedClass) => c.classId === handmade.id)).toEqual({
      classId: handmade.id,
      date: '2026-11-01',
      startTime: '11:00',
      time: '11:00 AM',
      status: 'held',
      substitute: false,
      attendees: 6,
      attendanceTaken: true,
      amountCents: 19000,
    });

    // The dataset has every case the rules speak of, so the comparison above means something.
    const listed = expected.flatMap((pay) => pay.classes);
    expect(listed.some((c) => c.substitute && c.status === 'held')).toBe(true);
    expect(listed.some((c) => c.status === 'cancelled')).toBe(true);
    expect(listed.some((c) => !c.attendanceTaken && c.status === 'held' && c.attendees > 0)).toBe(true);
    expect(listed.some((c) => c.attendanceTaken && c.attendees === 0)).toBe(true);
    expect(
      expected.some((pay) => pay.classes.some((c) => c.attendees > pay.rate.attendeeThreshold && c.status === 'held')),
    ).toBe(true);
    expect(
      expected.some((pay) => pay.classes.some((c) => c.attendees <= pay.rate.attendeeThreshold && c.status === 'held')),
    ).toBe(true);
    const ids = new Set(listed.map((c) => c.classId));
    const november = seeded.filter((c) => c.date.startsWith(`${MONTH}-`));
    // Left out: not started yet, empty, naming nobody.
    expect(ids.has(startedToday.id)).toBe(true);
    expect(ids.has(notYet.id)).toBe(false);
    expect(november.some((c) => !c.cancelled && c.reservations.every((r) => !r.active))).toBe(true);
    expect(november.some((c) => c.instructorId === null)).toBe(true);
    // An instructor with a rate and no class that month is not listed.
    expect(body.instructors.some((pay: ExpectedPay) => pay.name === 'Gina Sin Clases')).toBe(false);

    // October is its own month.
    const october = await admin.post('/api/admin/instructor-pay').send({ month: '2026-10' }).expect(200);
    expect(october.body.instructors.map(comparable)).toEqual(expectedPay(seeded, staff, '2026-10'));
    expect(october.body.instructors.length).toBeGreaterThan(0);
  });

  it('should count the classes that start as the clock moves on, and refuse months it cannot report', async () => {
    const counted = (body: { instructors: ExpectedPay[] }, c: SeededClass) =>
      body.instructors.flatMap((pay) => pay.classes).find((paid) => paid.classId === c.id);
    clock.set(new Date('2026-11-30T23:00:00.000Z'));
    const { body } = await admin.post('/api/admin/instructor-pay').send({ month: MONTH }).expect(200);
    // 5 booked, attendance never taken, threshold 4: 15000 + 1 × 2000.
    expect(counted(body, notYet)).toMatchObject({ attendees: 5, attendanceTaken: false, amountCents: 17000 });
    expect(counted(body, startedToday)).toMatchObject({ attendees: 3, attendanceTaken: false, amountCents: 12000 });
    // Monday 30th, 17:00 in the studio: the whole month but its evening classes.
    expect(body.instructors.map(comparable)).toEqual(
      expectedPay(seeded, staff, MONTH, { now: { date: '2026-11-30', time: '17:00' } }),
    );

    clock.set(NOW);
    for (const [month, message] of [
      ['2026-13', 'El mes no es válido (AAAA-MM).'],
      ['2026-1', 'El mes no es válido (AAAA-MM).'],
      ['2026-12', 'El mes no puede ser posterior al mes en curso.'],
      ['1999-12', 'El mes no puede ser anterior a enero de 2000.'],
    ]) {
      const res = await admin.post('/api/admin/instructor-pay').send({ month }).expect(400);
      expect(res.body.error).toEqual({ month: [message] });
    }
    await admin.get('/api/admin/export/instructor-pay.csv?month=2027-01').expect(400);
    await admin.get('/api/admin/export/instructor-pay.csv').expect(400);
  });

  it('should export the month as CSV: BOM, header, a row per class, each instructor’s total and the grand total', async () => {
    const expected = expectedPay(seeded, staff, MONTH);
    const res = await admin.get(`/api/admin/export/instructor-pay.csv?month=${MONTH}`).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="pago-instructores-2026-11.csv"');
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const lines = res.text.slice(1).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe('Instructor,Fecha,Hora,Clase,Asistentes,Asistencia,Monto (MXN)');
    const rows = lines.slice(1).map((line) => line.split(','));
    const classCount = expected.reduce((sum, pay) => sum + pay.classes.length, 0);
    expect(rows).toHaveLength(classCount + expected.length + 1);

    let at = 0;
    for (const pay of expected) {
      for (const c of pay.classes) {
        const [y, m, d] = c.date.split('-');
        expect(rows[at]).toEqual([
          pay.name,
          `${d}/${m}/${y}`,
          rows[at][2],
          c.status === 'cancelled' ? 'Cancelada' : c.substitute ? 'Suplencia' : 'Impartida',
          String(c.attendees),
          c.status === 'cancelled' ? '' : c.attendanceTaken ? 'Tomada' : 'Sin tomar: reservas',
          (c.amountCents / 100).toFixed(2),
        ]);
        expect(rows[at][2]).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
        at++;
      }
      expect(rows[at]).toEqual([
        pay.name,
        '',
        '',
        `Total: ${pay.classesTaught} ${pay.classesTaught === 1 ? 'clase' : 'clases'}`,
        String(pay.attendees),
        '',
        (pay.totalCents / 100).toFixed(2),
      ]);
      at++;
    }
    const total = expected.reduce((sum, pay) => sum + pay.totalCents, 0);
    const taught = expected.reduce((sum, pay) => sum + pay.classesTaught, 0);
    expect(rows[at]).toEqual([
      'Total general',
      '',
      '',
      `${taught} clases`,
      String(expected.reduce((sum, pay) => sum + pay.attendees, 0)),
      '',
      (total / 100).toFixed(2),
    ]);
    // Diana's rate has centavos: the export keeps them.
    expect(rows.some((row) => row[0] === 'Diana Sol' && /\.\d[1-9]$|\.[1-9]\d$/.test(row[6]))).toBe(true);
  });

  it('should show an instructor their own month only, and refuse everyone else', async () => {
    const { body } = await teacher.post('/api/instructor/pay').send({ month: MONTH }).expect(200);
    const [mine] = expectedPay(seeded, staff, MONTH, { onlyId: diana.id });
    expect(body.month).toBe(MONTH);
    expect(comparable(body.report)).toEqual(mine);
    expect(mine.classes.length).toBeGreaterThan(0);
    // Another instructor cannot be asked for: the body takes the month alone.
    const other = staff.find((s) => s.name === 'Ana López')!;
    const refused = await teacher
      .post('/api/instructor/pay')
      .send({ month: MONTH, instructorId: other.id })
      .expect(400);
    expect(refused.body.error).toEqual({ instructorId: ['Este campo no está permitido.'] });
    // Nor the studio's report or its file.
    await teacher.post('/api/admin/instructor-pay').send({ month: MONTH }).expect(403);
    await teacher.get(`/api/admin/export/instructor-pay.csv?month=${MONTH}`).expect(403);

    // A client, the admin (no profile) and an instructor account with no profile: 403.
    const client = await newClient(t, 'Curiosa');
    const notMine = await client.agent.post('/api/instructor/pay').send({ month: MONTH }).expect(403);
    expect(notMine.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    await admin.post('/api/instructor/pay').send({ month: MONTH }).expect(403);
    const unlinked = await newClient(t, 'Sin Perfil');
    await t.dataSource.getRepository(User).update({ id: unlinked.user.id }, { role: 'instructor' });
    await unlinked.agent.post('/api/instructor/pay').send({ month: MONTH }).expect(403);
    await t.agent().post('/api/instructor/pay').send({ month: MONTH }).expect(401);

    // A month with no classes: their rate and nothing owed.
    const empty = await teacher.post('/api/instructor/pay').send({ month: '2026-01' }).expect(200);
    expect(empty.body.report).toEqual({
      instructorId: diana.id,
      name: 'Diana Sol',
      rate: { perClassCents: 20050, perAttendeeCents: 1025, attendeeThreshold: 3 },
      classes: [],
      classesTaught: 0,
      attendees: 0,
      totalCents: 0,
    });
  });

  it('should let the admin set a rate in Instructores, checked, audited and applied to the report', async () => {
    const carla = staff.find((s) => s.name === 'Carla Méndez')!;
    for (const [field, value, message] of [
      ['payPerClassCents', -1, 'El pago por clase debe ser un número entero de centavos entre 0 y 1000000'],
      ['payPerClassCents', 1000001, 'El pago por clase debe ser un número entero de centavos entre 0 y 1000000'],
      ['payPerAttendeeCents', 12.5, 'El pago por asistente debe ser un número entero de centavos entre 0 y 100000'],
      ['payAttendeeThreshold', 51, 'El número de asistentes incluidos debe ser un número entero entre 0 y 50'],
      ['payAttendeeThreshold', '3', 'El número de asistentes incluidos debe ser un número entero entre 0 y 50'],
    ] as const) {
      const res = await admin
        .post('/api/admin/instructores/change')
        .send({ id: carla.id, [field]: value })
        .expect(400);
      expect(res.body.error).toEqual({ [field]: [message] });
    }
    const newRate = { perClassCents: 11000, perAttendeeCents: 500, attendeeThreshold: 1 };
    const { body } = await admin
      .post('/api/admin/instructores/change')
      .send({
        id: carla.id,
        payPerClassCents: newRate.perClassCents,
        payPerAttendeeCents: newRate.perAttendeeCents,
        payAttendeeThreshold: newRate.attendeeThreshold,
      })
      .expect(200);
    expect(body.instructor).toMatchObject({
      payPerClassCents: 11000,
      payPerAttendeeCents: 500,
      payAttendeeThreshold: 1,
    });
    const audit = await admin.post('/api/admin/get-audit').send({ pagination: 1, limit: 1 }).expect(200);
    expect(audit.body.entries[0]).toMatchObject({
      action: 'instructor.update',
      before: { payPerClass: 100, payPerAttendee: 15, payAttendeeThreshold: 2 },
      after: { payPerClass: 110, payPerAttendee: 5, payAttendeeThreshold: 1 },
    });

    const withNewRate = staff.map((s) => (s.id === carla.id ? { ...s, rate: newRate } : s));
    const report = await admin.post('/api/admin/instructor-pay').send({ month: MONTH }).expect(200);
    expect(report.body.instructors.map(comparable)).toEqual(expectedPay(seeded, withNewRate, MONTH));

    // A new profile can start with a rate; left out, it is 0.
    const added = await admin
      .post('/api/admin/instructores/add')
      .send({ name: 'Fer Nueva', payPerClassCents: 13000 })
      .expect(200);
    expect(added.body.instructor).toMatchObject({
      payPerClassCents: 13000,
      payPerAttendeeCents: 0,
      payAttendeeThreshold: 0,
    });
  });
});
