import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { FixedClock } from '../src/core/clock/clock';
import { EmailChannel } from '../src/notifications/email.channel';
import { EVENT_TYPES, type EventPayloads, type EventType } from '../src/notifications/events';
import type { BookedClass } from '../src/notifications/class-calendar';
import { adminAgent, NOW } from './helpers/booking';
import { parseIcs } from './helpers/ical';
import { createTestApp, TestApp } from './helpers/test-app';

const APP_URL = 'https://reservas.estudiopilatesreformer.mx';

const booked: BookedClass = {
  reservationId: 41,
  date: '2026-11-30',
  startTime: '07:00',
  durationMinutes: 50,
  instructor: 'Ana',
  spot: 'Reformer 4',
};

/** One payload of every event the studio mails: a new event fails to compile until it has one here. */
const SAMPLES: { [K in EventType]: EventPayloads[K] } = {
  'reservation.confirmed': { class: booked, cancelUntil: '2026-11-29T13:00:00.000Z', cancellable: true },
  'reservation.cancelled': { class: booked, byStudio: true },
  'reservation.changed': {
    class: { ...booked, startTime: '08:00', sequence: 1 },
    before: { startTime: '07:00', instructor: 'Ana' },
  },
  'reservation.released': { class: booked, cancelUntil: '2026-11-29T13:00:00.000Z' },
  'reservation.forgiven': { class: booked, kind: 'no_show', classReturned: true },
  'reservation.spot_moved': { class: booked, from: 'Reformer 4', to: 'Reformer 6' },
  'class.reminder': { class: booked, cancelUntil: '2026-11-29T13:00:00.000Z', cancellable: true, sentOn: '2026-11-29' },
  'waitlist.promoted': { class: booked, cancelUntil: '2026-11-29T13:00:00.000Z', grace: false },
  'waitlist.skipped': { class: booked, reason: 'NO_CLASSES_LEFT' },
  'waitlist.closed': { class: booked, reason: 'cutoff' },
  'plan.ending': { userPlanId: 7, planName: 'Ocho Clases', classesRemaining: 3, endDate: '2026-12-12' },
  'intro.followup': { userPlanId: 7, plans: [{ name: 'Ocho Clases', classCount: 8, priceCents: 1_500_00 }] },
  'payment.receipt': {
    purchase: {
      id: 12,
      planName: 'Ocho Clases',
      classCount: 8,
      priceCents: 1_350_00,
      discountCents: 150_00,
      balanceCents: 0,
      commissionCents: 58_00,
      totalCents: 1_408_00,
    },
    providerPaymentId: '900001',
    plan: { startDate: '2026-11-23', endDate: '2026-12-23' },
  },
  'payment.desk_receipt': {
    purchase: {
      id: 13,
      planName: 'Ocho Clases',
      classCount: 8,
      listPriceCents: 1_500_00,
      discountCents: 0,
      totalCents: 1_500_00,
      method: 'efectivo',
      receivedCents: 2_000_00,
      changeCents: 500_00,
    },
    plan: { startDate: '2026-11-23', endDate: '2026-12-23' },
  },
  'payment.refunded': {
    purchase: { id: 12, planName: 'Ocho Clases', classCount: 8, totalCents: 1_408_00 },
    amountCents: 1_408_00,
    refundedCents: 1_408_00,
    plan: 'revoked',
  },
  'gift_card.receipt': {
    giftCard: {
      id: 3,
      amountCents: 1_000_00,
      commissionCents: 44_00,
      totalCents: 1_044_00,
      recipientName: 'Lucía',
      deliverOn: '2026-12-24',
      pageToken: '0123456789abcdef0123456789abcdef',
    },
    providerPaymentId: '900002',
  },
  'gift_card.refunded': {
    giftCard: { id: 3, amountCents: 1_000_00, totalCents: 1_044_00, recipientName: 'Lucía' },
    refundedCents: 1_044_00,
    atDesk: false,
  },
  'gift_card.delivered': {
    giftCard: {
      id: 3,
      amountCents: 1_000_00,
      code: 'ABCD-EFGH-JKLM-NPQR',
      fromName: 'Ana',
      message: '¡Feliz Navidad!',
      pageToken: '0123456789abcdef0123456789abcdef',
    },
  },
  'account.welcome': { link: `${APP_URL}/pilates/reset-password/abc` },
  'account.password-reset': { link: `${APP_URL}/pilates/reset-password/abc` },
  'account.email-changed': { newAddress: 'ana.nueva@example.com' },
  'mail.composed': {
    subject: 'Aviso del estudio',
    html: `<p>Hola: el estudio cierra el 25 de diciembre. <a href="${APP_URL}/pilates/reservar">Reservar</a></p>`,
    text: `Hola: el estudio cierra el 25 de diciembre. Reservar: ${APP_URL}/pilates/reservar`,
    attachments: null,
  },
  'operations.alert': {
    problem: 'offsite-backup',
    state: 'open',
    subject: 'Alerta: la copia de seguridad fuera del servidor está atrasada',
    lines: ['La copia de seguridad fuera del servidor más reciente tiene más de 26 horas.'],
  },
  'membership.past_due': {
    membershipId: 1,
    planName: 'Membresía 3 por semana',
    totalCents: 129900,
    paidThrough: '2026-12-22',
    graceDays: 7,
  },
  'membership.paused': {
    membershipId: 1,
    planName: 'Membresía 3 por semana',
    from: '2026-12-01',
    to: '2026-12-10',
    paidThrough: '2027-01-01',
    cancelled: [{ ...booked, date: '2026-12-02', sequence: 1, cancelled: true }],
  },
  'arco.received': { folio: 'ARCO-2026-0007', rightLabel: 'Acceso', dueDate: '2026-12-29' },
  'arco.studio_notice': {
    folio: 'ARCO-2026-0007',
    rightLabel: 'Acceso',
    dueDate: '2026-12-29',
    requesterName: 'Ana López',
    requesterEmail: 'ana@example.com',
    detail: 'Quiero saber qué datos míos tienen.',
    hasAccount: false,
  },
};

/** Every address a mail's HTML links to or loads. */
const addressesIn = (html: string): string[] =>
  [...html.matchAll(/\b(?:href|src)="([^"]*)"/g)].map((match) => match[1].replace(/&amp;/g, '&'));

describe('every mail the studio sends, as a mail program reads it', () => {
  let t: TestApp;
  const delivered = new Map<EventType, { raw: string; mail: ParsedMail }>();

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(NOW), env: { APP_URL } });
    const channel = t.app.get(EmailChannel);
    const outbox = join(t.config.dataDir, 'outbox');
    let id = 900_000;
    for (const type of EVENT_TYPES) {
      const eventId = ++id;
      await channel.deliver({
        id: eventId,
        type,
        to: { userId: 1, email: 'ana@example.com', name: 'Ana López' },
        payload: SAMPLES[type],
      } as Parameters<EmailChannel['deliver']>[0]);
      const file = (await readdir(outbox)).find((name) => name.endsWith(`-correo-${eventId}.eml`));
      if (!file) throw new Error(`no .eml for ${type}`);
      const raw = await readFile(join(outbox, file), 'utf8');
      delivered.set(type, { raw, mail: await simpleParser(raw) });
    }
  });
  afterAll(() => t.close());

  it.each(EVENT_TYPES)('%s: a MIME message with CRLF lines, sender, Reply-To, a text and an HTML part', (type) => {
    const { raw, mail } = delivered.get(type)!;
    // RFC 5322: every line ends in CRLF; no bare LF anywhere in the message.
    expect(raw).not.toMatch(/[^\r]\n/);
    expect(raw).toMatch(/^MIME-Version: 1\.0\r$/m);
    expect(mail.headers.get('message-id')).toBeTruthy();
    expect(mail.date).toBeInstanceOf(Date);
    expect(mail.from?.value).toEqual([
      { name: 'Estudio Pilates Reformer', address: 'reservas@estudiopilatesreformer.mx' },
    ]);
    expect(mail.replyTo?.value).toEqual([{ name: '', address: 'hola@estudiopilatesreformer.mx' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0].address : null).toBe('ana@example.com');
    expect(mail.subject).toBeTruthy();
    expect(mail.text?.trim()).toBeTruthy();
    // The studio's frame (Spanish); a composed mail brings its own HTML.
    if (type !== 'mail.composed') expect(String(mail.html || '')).toContain('<html lang="es">');
    else expect(String(mail.html || '')).toContain('<p>');
  });

  it.each(EVENT_TYPES)('%s: every link is absolute, and the site is linked on APP_URL', (type) => {
    const { mail } = delivered.get(type)!;
    const html = String(mail.html || '');
    const addresses = addressesIn(html);
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(address).toMatch(/^(https:\/\/|mailto:|tel:)/);
    const site = addresses.filter((address) => address.startsWith(APP_URL));
    expect(site.length).toBeGreaterThan(0);
    // The text part's addresses are absolute too (no "/pilates/…" without the host).
    expect(mail.text ?? '').not.toMatch(/(^|[\s(])\/pilates\//);
  });

  it('gives the one promotional mail (intro.followup) a one-click unsubscribe, RFC 8058, and no other mail one', () => {
    const { raw, mail: followup } = delivered.get('intro.followup')!;
    // The headers as written (a long value folds onto the next lines, each starting with a space).
    const header = (name: string) =>
      new RegExp(`^${name}:(.*(?:\r\n[ \t].*)*)\r$`, 'm')
        .exec(raw)?.[1]
        .replace(/\r\n[ \t]+/g, '')
        .trim();
    const link = header('List-Unsubscribe') ?? '';
    expect(link).toMatch(new RegExp(`^<${APP_URL}/api/consents/marketing/unsubscribe/1\\.[A-Za-z0-9_-]{43}>$`));
    expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(addressesIn(String(followup.html))).toContain(link.slice(1, -1));
    for (const type of EVENT_TYPES.filter((other) => other !== 'intro.followup')) {
      expect(delivered.get(type)!.raw).not.toMatch(/^List-Unsubscribe/m);
    }
  });

  it('links the pages a mail names («Mis clases», «Mis planes») in both parts', () => {
    const reminder = delivered.get('class.reminder')!.mail;
    expect(String(reminder.html)).toContain(`«<a href="${APP_URL}/pilates/clases"`);
    expect(reminder.text).toContain(`«Mis clases» (${APP_URL}/pilates/clases)`);
    const confirmed = delivered.get('reservation.confirmed')!.mail;
    expect(String(confirmed.html)).toContain(`«<a href="${APP_URL}/pilates/clases"`);
  });

  it("opens «Mis planes» and a receipt's «Ver mis planes» on the plans of Mis clases", () => {
    const refund = delivered.get('payment.refunded')!.mail;
    expect(addressesIn(String(refund.html))).toContain(`${APP_URL}/pilates/clases?ver=planes`);
    const delivered_ = delivered.get('gift_card.delivered')!.mail;
    expect(delivered_.text).toContain(`«Mis planes» (${APP_URL}/pilates/clases?ver=planes)`);
  });

  it('links the waitlist mails to the booking page of the class date', () => {
    for (const type of ['waitlist.closed', 'waitlist.skipped'] as const) {
      const { mail } = delivered.get(type)!;
      expect(addressesIn(String(mail.html))).toContain(`${APP_URL}/pilates/reservar?fecha=2026-11-30`);
      expect(mail.text).toContain(`${APP_URL}/pilates/reservar?fecha=2026-11-30`);
    }
  });

  it("answers to the studio's e-mail set in Ajustes, and to MAIL_REPLY_TO when it is set", async () => {
    const deliverOne = async (app: TestApp, eventId: number) => {
      await app.app.get(EmailChannel).deliver({
        id: eventId,
        type: 'plan.ending',
        to: { userId: 1, email: 'ana@example.com', name: 'Ana López' },
        payload: SAMPLES['plan.ending'],
      });
      const outbox = join(app.config.dataDir, 'outbox');
      const file = (await readdir(outbox)).find((name) => name.endsWith(`-correo-${eventId}.eml`))!;
      return simpleParser(await readFile(join(outbox, file)));
    };
    const admin = await adminAgent(t);
    await admin
      .post('/api/admin/settings/change')
      .send({ contact: { email: 'Recepcion@Estudio.MX' } })
      .expect(200);
    expect((await deliverOne(t, 990_001)).replyTo?.value).toEqual([{ name: '', address: 'recepcion@estudio.mx' }]);

    const overridden = await createTestApp({
      clock: new FixedClock(NOW),
      env: { APP_URL, MAIL_REPLY_TO: 'dueña@estudio.mx' },
    });
    try {
      expect((await deliverOne(overridden, 990_002)).replyTo?.value).toEqual([
        { name: '', address: 'dueña@estudio.mx' },
      ]);
    } finally {
      await overridden.close();
    }
  });

  /** The calendar method each mail's events carry: PUBLISH adds or updates the class, CANCEL removes it. */
  const CALENDAR_METHODS: Partial<Record<EventType, 'PUBLISH' | 'CANCEL'>> = {
    'reservation.confirmed': 'PUBLISH',
    'reservation.changed': 'PUBLISH',
    'reservation.spot_moved': 'PUBLISH',
    'waitlist.promoted': 'PUBLISH',
    'reservation.cancelled': 'CANCEL',
    'reservation.released': 'CANCEL',
    'membership.paused': 'CANCEL',
  };

  it.each(EVENT_TYPES)(
    '%s: its calendar events, if any, read by ical.js with the method of their MIME part',
    (type) => {
      const { mail } = delivered.get(type)!;
      const calendars = mail.attachments.filter((attachment) => attachment.contentType === 'text/calendar');
      const method = CALENDAR_METHODS[type];
      expect(calendars).toHaveLength(method ? 1 : 0);
      for (const calendar of calendars) {
        const mime = (calendar.headers.get('content-type') as { params?: Record<string, string> }).params?.method;
        expect(mime).toBe(method);
        const parsed = parseIcs(calendar.content.toString('utf8'));
        expect(parsed.method).toBe(method);
        expect(parsed.events).toEqual([
          expect.objectContaining({
            uid: 'reserva-41@reservas.estudiopilatesreformer.mx',
            status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
          }),
        ]);
      }
    },
  );

  it('attaches the class to booking mails as text/calendar', () => {
    const { mail } = delivered.get('reservation.confirmed')!;
    const [ics] = mail.attachments;
    expect(ics.contentType).toBe('text/calendar');
    expect(ics.content.toString('utf8')).toContain('BEGIN:VEVENT');
  });
});
