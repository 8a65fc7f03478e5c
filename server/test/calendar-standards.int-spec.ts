import { addDays } from '@pilates/dates';
import ICAL from 'ical.js';
import { simpleParser, type Attachment } from 'mailparser';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FixedClock } from '../src/core/clock/clock';
import { NotificationsService } from '../src/notifications/notifications.service';
import { Reservation } from '../src/reservations/entities/reservation.entity';
import { Spot } from '../src/sala/entities/spot.entity';
import { adminAgent, givePlan, newClient, NOW, scheduleAt, TODAY } from './helpers/booking';
import { instructorNamed } from './helpers/instructors';
import { createTestApp, TestApp } from './helpers/test-app';

const TUESDAY = addDays(TODAY, 1);
const APP_URL = 'https://estudio.example';

/** Every property RFC 5545 (and RFC 7986's NAME) defines that the studio's files may carry; others must be X-. */
const STANDARD_PROPERTIES = new Set([
  'version',
  'prodid',
  'method',
  'calscale',
  'name',
  'tzid',
  'tzoffsetfrom',
  'tzoffsetto',
  'tzname',
  'tzurl',
  'dtstart',
  'rrule',
  'rdate',
  'last-modified',
  'uid',
  'sequence',
  'dtstamp',
  'dtend',
  'summary',
  'location',
  'description',
  'status',
  'organizer',
  'url',
]);

/** Parses an iCalendar file with Mozilla's ical.js and checks what every file the studio writes must hold. */
function parseIcs(text: string) {
  // RFC 5545 §3.1: every line, the last included, ends in CRLF.
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text).not.toMatch(/[^\r]\n/);
  const calendar = new ICAL.Component(ICAL.parse(text));
  const names: string[] = [];
  const walk = (component: ICAL.Component) => {
    for (const property of component.getAllProperties()) names.push(property.name);
    component.getAllSubcomponents().forEach(walk);
  };
  walk(calendar);
  expect(names.filter((name) => !STANDARD_PROPERTIES.has(name) && !name.startsWith('x-'))).toEqual([]);
  const events = calendar.getAllSubcomponents('vevent').map((event) => {
    const stamp = event.getFirstProperty('dtstamp')!.getFirstValue() as ICAL.Time;
    return {
      uid: String(event.getFirstPropertyValue('uid')),
      sequence: Number(event.getFirstPropertyValue('sequence')),
      status: String(event.getFirstPropertyValue('status')),
      location: event.getFirstPropertyValue('location') as string | null,
      summary: String(event.getFirstPropertyValue('summary')),
      start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toString(),
      organizer: String(event.getFirstPropertyValue('organizer')),
      stampIsUtc: stamp.zone === ICAL.Timezone.utcTimezone,
    };
  });
  for (const event of events) {
    // DTSTAMP in UTC (RFC 5545 §3.8.7.2), and an organizer (RFC 5546 requires one for PUBLISH and CANCEL).
    expect(event.stampIsUtc).toBe(true);
    expect(event.organizer).toBe('mailto:hola@estudiopilatesreformer.mx');
  }
  return { method: calendar.getFirstPropertyValue('method') as string | null, events };
}

describe('calendar events that follow the class (RFC 5545 / RFC 6047, read by ical.js)', () => {
  let t: TestApp;
  const clock = new FixedClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { APP_URL } });
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
