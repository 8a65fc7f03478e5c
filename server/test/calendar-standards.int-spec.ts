import { addDays } from '@pilates/dates';
import { simpleParser, type Attachment } from 'mailparser';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FixedClock } from '../src/core/clock/clock';
import { NotificationsService } from '../src/notifications/notifications.service';
import { Reservation } from '../src/reservations/entities/reservation.entity';
import { Schedule } from '../src/reservations/entities/schedule.entity';
import { Spot } from '../src/sala/entities/spot.entity';
import { adminAgent, clientWithPlan, givePlan, newClient, NOW, scheduleAt, TODAY } from './helpers/booking';
import { loginAs } from './helpers/accounts';
import { parseIcs } from './helpers/ical';
import { instructorNamed } from './helpers/instructors';
import { bookSpot, spotIds } from './helpers/sala';
import { createTestApp, TestApp } from './helpers/test-app';

const TUESDAY = addDays(TODAY, 1);
const APP_URL = 'https://estudio.example';

describe('calendar events that follow the class (RFC 5545 / RFC 6047, read by ical.js)', () => {
  let t: TestApp;
  const clock = new FixedClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { APP_URL, CANCEL_HOURS: '12' } });
  });
  afterAll(() => t.close());

  const settled = () => t.app.get(NotificationsService).settled();

  /** The .ics attachments of the mails to `email` with `subject`, with their MIME type. */
  async function attachmentsOf(email: string, subject: string): Promise<Attachment[]> {
    const dir = join(t.config.dataDir, 'outbox');
    const found: Attachment[] = [];
    for (const file of (await readdir(dir)).sort()) {
      const mail = await simpleParser(await readFile(join(dir, file)));
      if (mail.subject === subject && JSON.stringify(mail.to).includes(email)) found.push(...mail.attachments);
    }
    return found.filter((attachment) => attachment.contentType === 'text/calendar');
  }

  /** The mails to `email`, parsed. */
  async function mailsTo(email: string) {
    const dir = join(t.config.dataDir, 'outbox');
    const found = [];
    for (const file of (await readdir(dir)).sort()) {
      const mail = await simpleParser(await readFile(join(dir, file)));
      if (JSON.stringify(mail.to).includes(email)) found.push(mail);
    }
    return found;
  }

  /** The method a calendar attachment's MIME part names (`text/calendar; method=…`). */
  const mimeMethod = (attachment: Attachment): string | undefined =>
    (attachment.headers.get('content-type') as { params?: Record<string, string> } | undefined)?.params?.method;

  it('keeps one UID through a booking, a change of reformer and a cancellation, each revision a higher SEQUENCE', async () => {
    const client = await newClient(t, 'Calendaria');
    await givePlan(t, client.user.id, { classes: 3 });
    const schedule = await scheduleAt(t, 2, '09:00');
    await client.agent
      .post('/api/reservations/push-reservation')
      .send({ date: TUESDAY, classReservation: schedule.id })
      .expect(201);
    const reservation = await t.dataSource.getRepository(Reservation).findOneByOrFail({
      userId: client.user.id,
      status: 'active',
    });
    const uid = `reserva-${reservation.id}@estudio.example`;
    await settled();

    // The confirmation: METHOD:PUBLISH in the file as on its MIME part, SEQUENCE 0.
    const [confirmation] = await attachmentsOf(client.user.email, 'Tu clase está reservada');
    expect(mimeMethod(confirmation)).toBe('PUBLISH');
    const confirmed = parseIcs(confirmation.content.toString('utf8'));
    expect(confirmed.method).toBe('PUBLISH');
    expect(confirmed.events).toEqual([
      expect.objectContaining({
        uid,
        sequence: 0,
        status: 'CONFIRMED',
        start: '2026-11-24T09:00:00',
        // The class's type and level (the timetable's classes are "Pilates Reformer", Básico).
        summary: 'Pilates Reformer · Básico',
      }),
    ]);

    // The feed says the same.
    const { body } = await client.agent.post('/api/informacion/calendar-feed').expect(200);
    const feedPath = new URL(body.url).pathname;
    const feed = async () => parseIcs((await t.http().get(feedPath).expect(200)).text);
    expect((await feed()).events).toEqual([
      expect.objectContaining({ uid, sequence: 0, summary: 'Pilates Reformer · Básico' }),
    ]);

    // Another reformer: the feed's event is revised in place.
    const other = await t.dataSource
      .getRepository(Spot)
      .createQueryBuilder('s')
      .where('s.id <> :id AND s.retired_at IS NULL', { id: reservation.spotId ?? 0 })
      .orderBy('s.id', 'ASC')
      .getOneOrFail();
    await client.agent
      .post('/api/reservations/change-spot')
      .send({ reservationId: reservation.id, spot: other.id })
      .expect(200);
    const moved = await feed();
    expect(moved.method).toBe('PUBLISH');
    expect(moved.events).toEqual([expect.objectContaining({ uid, sequence: 1, location: other.label })]);

    // Cancelled: the mail carries METHOD:CANCEL for the same UID, one revision up.
    await client.agent.post('/api/reservations/cancel-reservation').send({ id: reservation.id }).expect(200);
    await settled();
    const [cancellation] = await attachmentsOf(client.user.email, 'Cancelaste tu clase');
    expect(mimeMethod(cancellation)).toBe('CANCEL');
    const cancelled = parseIcs(cancellation.content.toString('utf8'));
    expect(cancelled.method).toBe('CANCEL');
    expect(cancelled.events).toEqual([expect.objectContaining({ uid, sequence: 2, status: 'CANCELLED' })]);
    // And the feed no longer lists it.
    expect((await feed()).events).toEqual([]);
  });

  it('mails the updated event when the studio moves a class, and the feed shows the new time one revision up', async () => {
    const client = await newClient(t, 'Movida');
    await givePlan(t, client.user.id, { classes: 2 });
    const schedule = await scheduleAt(t, 2, '08:00');
    await client.agent
      .post('/api/reservations/push-reservation')
      .send({ date: TUESDAY, classReservation: schedule.id })
      .expect(201);
    const reservation = await t.dataSource
      .getRepository(Reservation)
      .findOneByOrFail({ userId: client.user.id, status: 'active' });
    const uid = `reserva-${reservation.id}@estudio.example`;
    const admin = await adminAgent(t);
    await admin.post('/api/reservations/horario/change').send({ id: schedule.id, startTime: '10:30' }).expect(200);
    await settled();

    const mails = await attachmentsOf(client.user.email, 'Cambió tu clase');
    expect(mails).toHaveLength(1);
    expect(mimeMethod(mails[0])).toBe('PUBLISH');
    const changed = parseIcs(mails[0].content.toString('utf8'));
    expect(changed.method).toBe('PUBLISH');
    expect(changed.events).toEqual([
      expect.objectContaining({ uid, sequence: 1, status: 'CONFIRMED', start: '2026-11-24T10:30:00' }),
    ]);
    const { body } = await client.agent.post('/api/informacion/calendar-feed').expect(200);
    const feed = parseIcs((await t.http().get(new URL(body.url).pathname).expect(200)).text);
    expect(feed.events).toEqual([expect.objectContaining({ uid, sequence: 1, start: '2026-11-24T10:30:00' })]);

    // A change of capacity alone moves nothing: no mail, no new revision.
    await admin.post('/api/reservations/horario/change').send({ id: schedule.id, capacity: 7 }).expect(200);
    await settled();
    expect(await attachmentsOf(client.user.email, 'Cambió tu clase')).toHaveLength(1);
    expect(
      (await t.dataSource.getRepository(Reservation).findOneByOrFail({ id: reservation.id })).calendarSequence,
    ).toBe(1);
    // Another instructor: told in words, and the event revised again.
    const rosa = await instructorNamed(t, 'Rosa Calendario');
    await admin.post('/api/reservations/horario/change').send({ id: schedule.id, instructorId: rosa.id }).expect(200);
    await settled();
    const [, second] = await attachmentsOf(client.user.email, 'Cambió tu clase');
    expect(parseIcs(second.content.toString('utf8')).events).toEqual([
      expect.objectContaining({ uid, sequence: 2, start: '2026-11-24T10:30:00' }),
    ]);
    const texts = (await mailsTo(client.user.email)).filter((mail) => mail.subject === 'Cambió tu clase');
    expect(texts.at(-1)!.text).toContain('martes 24 de noviembre de 2026: la dará Rosa Calendario');

    // Another duration (DTEND) and another class type (SUMMARY): mailed and revised each time.
    await admin.post('/api/reservations/horario/change').send({ id: schedule.id, durationMinutes: 45 }).expect(200);
    await settled();
    const third = (await attachmentsOf(client.user.email, 'Cambió tu clase'))[2];
    expect(parseIcs(third.content.toString('utf8')).events).toEqual([
      expect.objectContaining({ uid, sequence: 3, summary: 'Pilates Reformer · Básico', end: '2026-11-24T11:15:00' }),
    ]);
    const prenatal = (
      await admin
        .post('/api/admin/class-types/add')
        .send({ name: 'Prenatal', level: 'prenatal', durationMinutes: 50, colour: '#be185d' })
        .expect(200)
    ).body.tipoDeClase.id as number;
    await admin.post('/api/reservations/horario/change').send({ id: schedule.id, classTypeId: prenatal }).expect(200);
    await settled();
    const fourth = (await attachmentsOf(client.user.email, 'Cambió tu clase'))[3];
    expect(parseIcs(fourth.content.toString('utf8')).events).toEqual([
      expect.objectContaining({ uid, sequence: 4, summary: 'Prenatal · Prenatal', start: '2026-11-24T10:30:00' }),
    ]);
    const words = (await mailsTo(client.user.email))
      .filter((mail) => mail.subject === 'Cambió tu clase')
      .map((mail) => mail.text ?? '');
    expect(words[2]).toContain('ahora dura 45 minutos (antes 50)');
    expect(words[3]).toContain('ahora es Prenatal · Prenatal (antes Pilates Reformer · Básico)');
    const { body: again } = await client.agent.post('/api/informacion/calendar-feed').expect(200);
    const revised = parseIcs((await t.http().get(new URL(again.url).pathname).expect(200)).text);
    expect(revised.events).toEqual([expect.objectContaining({ uid, sequence: 4, summary: 'Prenatal · Prenatal' })]);
  });

  it('carries the event a late release cancels, an outage moves and a waitlist books, each parsed by ical.js', async () => {
    const admin = await adminAgent(t);
    const ids = await spotIds(t);
    const uidOf = (reservationId: number) => `reserva-${reservationId}@estudio.example`;
    const reservationOf = (userId: number) =>
      t.dataSource.getRepository(Reservation).findOneByOrFail({ userId, status: 'active' });

    // An outage of Reformer 2 on Tuesday moves its client: the same event on the new reformer, one revision up.
    const moving = await clientWithPlan(t, 'Reubicada', { classes: 2 });
    const outageClass = await scheduleAt(t, 2, '07:00');
    await bookSpot(moving.agent, TUESDAY, outageClass.id, ids['Reformer 2']).expect(201);
    const moved = await reservationOf(moving.id);
    await admin
      .post('/api/admin/sala/outage')
      .send({ spot: ids['Reformer 2'], from: TUESDAY, to: TUESDAY, reason: 'Resorte en reparación' })
      .expect(201);
    await settled();
    const [move] = await attachmentsOf(moving.email, 'Tu clase sigue en pie: ahora en Reformer 1');
    expect(mimeMethod(move)).toBe('PUBLISH');
    const movedIcs = parseIcs(move.content.toString('utf8'));
    expect(movedIcs.method).toBe('PUBLISH');
    expect(movedIcs.events).toEqual([
      expect.objectContaining({ uid: uidOf(moved.id), sequence: 1, status: 'CONFIRMED', location: 'Reformer 1' }),
    ]);

    // A full class of one place: its waitlist books the freed place, a new event (its own UID, SEQUENCE 0).
    const full = await scheduleAt(t, 2, '18:00');
    await t.dataSource.getRepository(Schedule).update({ id: full.id }, { capacity: 1 });
    const first = await clientWithPlan(t, 'Primera', { classes: 2 });
    const waiting = await clientWithPlan(t, 'Esperando', { classes: 2 });
    await bookSpot(first.agent, TUESDAY, full.id).expect(201);
    const firstBooking = await reservationOf(first.id);
    await waiting.agent
      .post('/api/reservations/join-waitlist')
      .send({ date: TUESDAY, classReservation: full.id })
      .expect(201);
    await first.agent.post('/api/reservations/cancel-reservation').send({ id: firstBooking.id }).expect(200);
    await settled();
    const promotedBooking = await reservationOf(waiting.id);
    const [promotion] = await attachmentsOf(waiting.email, '¡Tienes lugar! Pasaste de la lista de espera a la clase');
    expect(mimeMethod(promotion)).toBe('PUBLISH');
    const promoted = parseIcs(promotion.content.toString('utf8'));
    expect(promoted.method).toBe('PUBLISH');
    expect(promoted.events).toEqual([
      expect.objectContaining({
        uid: uidOf(promotedBooking.id),
        sequence: 0,
        status: 'CONFIRMED',
        start: '2026-11-24T18:00:00',
      }),
    ]);

    // Past the 12-hour deadline, «Liberar lugar»: the booking's event cancelled, one revision up.
    const late = await clientWithPlan(t, 'Tardía', { classes: 2 });
    const tonight = await scheduleAt(t, 1, '20:00');
    await bookSpot(late.agent, TODAY, tonight.id).expect(201);
    const released = await reservationOf(late.id);
    clock.set(new Date(`${TODAY}T08:01:00-06:00`));
    try {
      const lateAgent = await loginAs(t, late.email, 'clave-segura-1');
      await lateAgent.post('/api/reservations/release-spot').send({ id: released.id }).expect(200);
      await settled();
    } finally {
      clock.set(NOW);
    }
    const [release] = await attachmentsOf(late.email, 'Liberaste tu lugar');
    expect(mimeMethod(release)).toBe('CANCEL');
    const releasedIcs = parseIcs(release.content.toString('utf8'));
    expect(releasedIcs.method).toBe('CANCEL');
    expect(releasedIcs.events).toEqual([
      expect.objectContaining({ uid: uidOf(released.id), sequence: 1, status: 'CANCELLED' }),
    ]);
  });

  it("carries the CANCEL event in the studio's cancellation mail", async () => {
    const client = await newClient(t, 'Estudiada');
    await givePlan(t, client.user.id, { classes: 2 });
    const schedule = await scheduleAt(t, 2, '19:00');
    await client.agent
      .post('/api/reservations/push-reservation')
      .send({ date: TUESDAY, classReservation: schedule.id })
      .expect(201);
    const reservation = await t.dataSource
      .getRepository(Reservation)
      .findOneByOrFail({ userId: client.user.id, status: 'active' });
    const admin = await adminAgent(t);
    await admin.post('/api/reservations/cancel-class').send({ scheduleId: schedule.id, date: TUESDAY }).expect(200);
    await settled();
    const [attachment] = await attachmentsOf(client.user.email, 'El estudio canceló tu clase');
    expect(mimeMethod(attachment)).toBe('CANCEL');
    const cancelled = parseIcs(attachment.content.toString('utf8'));
    expect(cancelled.method).toBe('CANCEL');
    expect(cancelled.events).toEqual([
      expect.objectContaining({ uid: `reserva-${reservation.id}@estudio.example`, sequence: 1, status: 'CANCELLED' }),
    ]);
  });
});
