import { MailerService } from '@nestjs-modules/mailer';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FixedClock } from '../src/core/clock/clock';
import { User } from '../src/auth/entities/user.entity';
import { MAIL_MAX_ATTEMPTS } from '../src/notifications/delivery-policy';
import { NotificationDelivery } from '../src/notifications/entities/notification-delivery.entity';
import { WhatsAppConsent } from '../src/notifications/entities/whatsapp-consent.entity';
import { WhatsAppMessageRow } from '../src/notifications/entities/whatsapp-message.entity';
import { WhatsAppWebhookEvent } from '../src/notifications/entities/whatsapp-webhook-event.entity';
import type { NotificationEvent } from '../src/notifications/events';
import { NotificationsService } from '../src/notifications/notifications.service';
import { statusReport } from '../src/notifications/whatsapp/simulator';
import { WhatsAppWebhookService } from '../src/notifications/whatsapp/whatsapp-webhook.service';
import { validRegistration } from './helpers/accounts';
import { adminAgent, givePlan, newClient, NEXT_MONDAY, scheduleAt } from './helpers/booking';
import { FakeMeta } from './helpers/fake-meta';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createMariaDbDatabase, type TestDatabase } from './helpers/test-database';

/** Monday 23 November 2026, 12:00 in the studio (Mexico City, UTC-6): inside the sending hours. */
const NOON = new Date('2026-11-23T18:00:00.000Z');
const MINUTE = 60_000;
const APP_SECRET = 'secreto-de-la-app-de-meta-para-pruebas';
const VERIFY_TOKEN = 'verificacion-del-estudio';
const ENV = { WHATSAPP_APP_SECRET: APP_SECRET, WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN };

let phones = 0;
/** A new Mexican mobile for each client (a "BAJA" from a number ends every consent on it). */
const nextPhone = () => `722 ${String(100 + (++phones % 900)).padStart(3, '0')} ${String(1000 + phones).slice(-4)}`;
const canonical = (typed: string) => `+52${typed.replace(/\D/g, '')}`;

const sign = (body: string | Buffer, secret = APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** An inbound text message as Meta's webhook posts it. */
const inboundText = (from: string, text: string) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '527220000000', phone_number_id: '106540352242922' },
            contacts: [{ profile: { name: 'Clienta' }, wa_id: from }],
            messages: [
              {
                from,
                id: `wamid.in.${randomBytes(6).toString('hex')}`,
                timestamp: '1764957600',
                type: 'text',
                text: { body: text },
              },
            ],
          },
        },
      ],
    },
  ],
});

const confirmation = (user: { id: number; email: string; name: string }, startTime = '19:00'): NotificationEvent => ({
  type: 'reservation.confirmed',
  to: { userId: user.id, email: user.email, name: user.name },
  payload: {
    class: {
      reservationId: 1,
      date: NEXT_MONDAY,
      startTime,
      durationMinutes: 50,
      instructor: 'Luis',
      spot: 'Reformer 4',
    },
    cancelUntil: '2026-11-30T13:00:00.000Z',
    cancellable: true,
  },
});

function helpers(t: () => TestApp) {
  const data = () => t().dataSource.manager;
  return {
    deliveries: (userId: number, channel?: string) =>
      data()
        .getRepository(NotificationDelivery)
        .find({
          where: { event: { recipientUserId: userId }, ...(channel ? { channel } : {}) },
          relations: { event: true },
          order: { id: 'ASC' },
        }),
    messagesOf: (userId: number) =>
      data()
        .getRepository(WhatsAppMessageRow)
        .find({ where: { userId }, order: { id: 'ASC' } }),
    consentsOf: (userId: number) =>
      data()
        .getRepository(WhatsAppConsent)
        .find({ where: { userId }, order: { id: 'ASC' } }),
    storedPosts: () => data().getRepository(WhatsAppWebhookEvent).count(),
    settled: async () => {
      await t().app.get(NotificationsService).settled();
      await t().app.get(WhatsAppWebhookService).settled();
    },
    /** A new client, logged in, who opted in with a number of their own. */
    optedIn: async () => {
      const client = await newClient(t(), 'Whats');
      const phone = nextPhone();
      await client.agent.post('/api/informacion/whatsapp').send({ phone, consent: true }).expect(200);
      return { ...client, phone: canonical(phone) };
    },
    post: (body: string, signature?: string) => {
      const request = t().http().post('/api/whatsapp/webhook').set('content-type', 'application/json');
      return (signature === undefined ? request : request.set('x-hub-signature-256', signature)).send(body);
    },
  };
}

describe('WhatsApp notices with the local simulator (no Meta settings)', () => {
  let t: TestApp;
  const clock = new FixedClock(NOON);
  const h = helpers(() => t);

  beforeAll(async () => {
    t = await createTestApp({ clock, env: ENV });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    jest.restoreAllMocks();
    await h.settled();
    clock.set(NOON);
  });

  describe('consent', () => {
    it('should record the consent with the canonical number, the text version and the time', async () => {
      const { agent, user } = await newClient(t);
      const before = await agent.get('/api/informacion/whatsapp').expect(200);
      expect(before.body).toEqual({
        success: true,
        text: 'Recibir por WhatsApp confirmaciones, recordatorios y avisos de mis clases',
        textVersion: 1,
        whatsapp: null,
      });
      const given = await agent
        .post('/api/informacion/whatsapp')
        .send({ phone: '044 (722) 123-4567', consent: true })
        .expect(200);
      expect(given.body.whatsapp).toEqual({
        phone: '+527221234567',
        phoneDisplay: '+52 722 123 4567',
        textVersion: 1,
        consentedAt: NOON.toISOString(),
      });
      expect((await agent.get('/api/informacion/whatsapp').expect(200)).body.whatsapp.phone).toBe('+527221234567');
      expect(await h.consentsOf(user.id)).toEqual([
        expect.objectContaining({ phone: '+527221234567', textVersion: 1, source: 'account', withdrawnAt: null }),
      ]);
    });

    it('should refuse a number that is not a Mexican mobile, or an unticked box, in Spanish and store nothing', async () => {
      const { agent, user } = await newClient(t);
      const foreign = await agent
        .post('/api/informacion/whatsapp')
        .send({ phone: '+1 415 555 0100', consent: true })
        .expect(400);
      expect(JSON.stringify(foreign.body)).toContain('Por ahora solo enviamos WhatsApp a celulares de México (+52).');
      const short = await agent
        .post('/api/informacion/whatsapp')
        .send({ phone: '722 123 45', consent: true })
        .expect(400);
      expect(JSON.stringify(short.body)).toContain('Escribe tu celular a 10 dígitos');
      const unticked = await agent
        .post('/api/informacion/whatsapp')
        .send({ phone: '7221234567', consent: false })
        .expect(400);
      expect(JSON.stringify(unticked.body)).toContain('Marca la casilla');
      expect(await h.consentsOf(user.id)).toEqual([]);
    });

    it('should opt out in one click and keep the history of each opt-in', async () => {
      const { agent, user } = await newClient(t);
      await agent.post('/api/informacion/whatsapp').send({ phone: '722 111 2222', consent: true }).expect(200);
      clock.set(new Date(NOON.getTime() + MINUTE));
      await agent.post('/api/informacion/whatsapp').send({ phone: '+52 1 722 333 4444', consent: true }).expect(200);
      const out = await agent.post('/api/informacion/whatsapp-baja').expect(200);
      expect(out.body.whatsapp).toBeNull();
      expect((await agent.get('/api/informacion/whatsapp').expect(200)).body.whatsapp).toBeNull();
      expect(await h.consentsOf(user.id)).toEqual([
        expect.objectContaining({ phone: '+527221112222', withdrawnVia: 'account', activeMarker: null }),
        expect.objectContaining({ phone: '+527223334444', withdrawnVia: 'account', activeMarker: null }),
      ]);
    });

    it('should take the consent at registration, in the same transaction as the account', async () => {
      const agent = t.agent();
      const email = `registro.${Date.now()}@example.com`;
      const res = await agent
        .post('/api/auth/register')
        .send({ ...validRegistration({ email }), whatsappConsent: true, whatsapp: '045 55 1234 5678' })
        .expect(201);
      expect(await h.consentsOf(res.body.user.id)).toEqual([
        expect.objectContaining({ phone: '+525512345678', source: 'registration' }),
      ]);
      const refused = `sin.numero.${Date.now()}@example.com`;
      await t
        .agent()
        .post('/api/auth/register')
        .send({ ...validRegistration({ email: refused }), whatsappConsent: true, whatsapp: '12345' })
        .expect(400);
      expect(await t.dataSource.getRepository(User).countBy({ email: refused })).toBe(0);
    });
  });

  describe('the channel', () => {
    it('should send an opted-in client the booking by WhatsApp instead of e-mail, to the outbox, reported delivered', async () => {
      const client = await h.optedIn();
      await givePlan(t, client.user.id, { classes: 2 });
      const schedule = await scheduleAt(t, 1, '19:00');
      await client.agent
        .post('/api/reservations/push-reservation')
        .send({ date: NEXT_MONDAY, classReservation: schedule.id })
        .expect(201);
      await h.settled();
      const deliveries = await h.deliveries(client.user.id);
      expect(deliveries.map((d) => [d.channel, d.sentAt !== null])).toEqual([['whatsapp', true]]);
      const [message] = await h.messagesOf(client.user.id);
      expect(message).toMatchObject({ template: 'reserva_confirmada', phone: client.phone, status: 'delivered' });
      const dir = join(t.config.dataDir, 'whatsapp-outbox');
      const file = readdirSync(dir).find((name) => name.endsWith(`-whatsapp-${deliveries[0].eventId}.json`))!;
      const written = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      expect(written).toMatchObject({
        waMessageId: message.waMessageId,
        to: client.phone,
        template: 'reserva_confirmada',
        request: {
          messaging_product: 'whatsapp',
          to: client.phone.slice(1),
          type: 'template',
          template: { name: 'reserva_confirmada', language: { code: 'es_MX' } },
        },
      });
      expect(written.text).toContain('Tu lugar: Reformer');
      expect(written.text).toContain('a las 7:00 PM');
    });

    it("should send a failed membership charge by WhatsApp beside the e-mail, with the card's link and the grace", async () => {
      const client = await h.optedIn();
      await t.app.get(NotificationsService).emit({
        type: 'membership.past_due',
        to: { userId: client.user.id, email: client.user.email, name: client.user.name },
        payload: {
          membershipId: 1,
          planName: 'Ilimitado',
          totalCents: 149_900,
          paidThrough: '2026-12-14',
          graceDays: 7,
        },
      });
      await h.settled();
      expect((await h.deliveries(client.user.id)).map((d) => [d.channel, d.sentAt !== null]).sort()).toEqual([
        ['email', true],
        ['whatsapp', true],
      ]);
      const [message] = await h.messagesOf(client.user.id);
      expect(message).toMatchObject({ template: 'membresia_pago_pendiente', status: 'delivered' });
      const dir = join(t.config.dataDir, 'whatsapp-outbox');
      const texts = readdirSync(dir).map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')).text as string);
      expect(texts.find((text) => text.includes('«Ilimitado»'))).toBe(
        'Hola, ' +
          client.user.name +
          ': no pudimos cobrar $1,499.00 de tu membresía «Ilimitado». Mercado Pago volverá a intentarlo; si tu tarjeta ' +
          'cambió o venció, actualízala en https://www.mercadopago.com.mx/subscriptions. Reservas nuevas: puedes hacerlas ' +
          '7 días más. Tus clases ya reservadas no se cancelan.',
      );
    });

    it('should e-mail a client who has not opted in, as before', async () => {
      const { user } = await newClient(t);
      await t.app.get(NotificationsService).emit(confirmation(user));
      await h.settled();
      expect((await h.deliveries(user.id)).map((d) => d.channel)).toEqual(['email']);
      expect(await h.messagesOf(user.id)).toEqual([]);
    });

    it('should e-mail an event that has no WhatsApp template (a payment receipt goes by e-mail)', async () => {
      const client = await h.optedIn();
      await t.app.get(NotificationsService).emit({
        type: 'account.email-changed',
        to: { userId: client.user.id, email: client.user.email, name: client.user.name },
        payload: { newAddress: 'nueva@example.com' },
      });
      await h.settled();
      expect((await h.deliveries(client.user.id)).map((d) => d.channel)).toEqual(['email']);
    });
  });

  describe('quiet hours (21:00 to 08:00 in the studio)', () => {
    it('should hold a message written at 21:00 until 08:00 and send it then', async () => {
      const client = await h.optedIn();
      clock.set(new Date('2026-11-24T03:00:00.000Z')); // Monday 21:00 in the studio
      await t.app.get(NotificationsService).emit(confirmation(client.user));
      await h.settled();
      const [held] = await h.deliveries(client.user.id, 'whatsapp');
      expect(held).toMatchObject({ attempts: 0, sentAt: null });
      expect(held.nextAttemptAt.toISOString()).toBe('2026-11-24T14:00:00.000Z');
      clock.set(new Date('2026-11-24T13:59:00.000Z')); // 07:59
      await t.app.get(NotificationsService).deliverDue();
      expect(await h.messagesOf(client.user.id)).toEqual([]);
      clock.set(new Date('2026-11-24T14:00:00.000Z')); // 08:00
      await t.app.get(NotificationsService).deliverDue();
      await h.settled();
      expect(await h.messagesOf(client.user.id)).toHaveLength(1);
      expect(await h.deliveries(client.user.id, 'email')).toEqual([]);
    });

    it('should send at 20:59 at once', async () => {
      const client = await h.optedIn();
      clock.set(new Date('2026-11-24T02:59:00.000Z'));
      await t.app.get(NotificationsService).emit(confirmation(client.user));
      await h.settled();
      expect(await h.messagesOf(client.user.id)).toHaveLength(1);
    });

    it('should send a waitlist promotion at night for a class before 10:00 the next morning, and hold one at 10:00', async () => {
      const early = await h.optedIn();
      const late = await h.optedIn();
      clock.set(new Date('2026-11-24T05:00:00.000Z')); // Monday 23:00
      const promotion = (user: { id: number; email: string; name: string }, startTime: string): NotificationEvent => ({
        type: 'waitlist.promoted',
        to: { userId: user.id, email: user.email, name: user.name },
        payload: {
          class: {
            reservationId: 2,
            date: '2026-11-24',
            startTime,
            durationMinutes: 50,
            instructor: 'Luis',
            spot: null,
          },
          cancelUntil: '2026-11-24T14:00:00.000Z',
          grace: true,
        },
      });
      await t.app.get(NotificationsService).emit(promotion(early.user, '09:59'));
      await t.app.get(NotificationsService).emit(promotion(late.user, '10:00'));
      await h.settled();
      expect(await h.messagesOf(early.user.id)).toEqual([expect.objectContaining({ template: 'lista_espera_lugar' })]);
      expect(await h.messagesOf(late.user.id)).toEqual([]);
      const [held] = await h.deliveries(late.user.id, 'whatsapp');
      expect(held.nextAttemptAt.toISOString()).toBe('2026-11-24T14:00:00.000Z');
    });
  });

  describe('the webhook', () => {
    it("should answer Meta's verification with the challenge as text, and 403 otherwise", async () => {
      const ok = await t
        .http()
        .get(`/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`)
        .expect(200);
      expect(ok.text).toBe('1158201444');
      expect(ok.headers['content-type']).toMatch(/^text\/plain/);
      await t
        .http()
        .get('/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=otro&hub.challenge=1158201444')
        .expect(403);
      await t
        .http()
        .get(`/api/whatsapp/webhook?hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`)
        .expect(403);
    });

    it('should store a post only with a valid signature of its raw body, and once when replayed', async () => {
      const body = JSON.stringify(statusReport('wamid.desconocido', '527221234567', 'delivered', NOON));
      const before = await h.storedPosts();
      await h.post(body).expect(401);
      await h.post(body, sign(body, 'otro-secreto')).expect(401);
      await h.post(body, 'sha256=zz').expect(401);
      // The same signature over a body changed in one byte.
      const altered = body.replace('"delivered"', '"delivereD"');
      expect(altered.length).toBe(body.length);
      await h.post(altered, sign(body)).expect(401);
      expect(await h.storedPosts()).toBe(before);

      // Spacing that a re-serialised JSON would lose is part of what Meta signed.
      const spaced = body.replace('{', '{ ');
      await h.post(spaced, sign(spaced)).expect(200);
      await h.post(spaced, sign(spaced)).expect(200);
      await h.settled();
      expect(await h.storedPosts()).toBe(before + 1);
    });

    it('should move a message through read and never back, and send the e-mail when Meta reports it failed', async () => {
      const client = await h.optedIn();
      await t.app.get(NotificationsService).emit(confirmation(client.user));
      await h.settled();
      const [message] = await h.messagesOf(client.user.id);
      const report = (status: 'sent' | 'read' | 'failed', error?: { code: number; title: string }) => {
        const body = JSON.stringify(
          statusReport(message.waMessageId!, client.phone.slice(1), status, new Date(), error),
        );
        return h.post(body, sign(body)).expect(200);
      };
      await report('read');
      await report('sent'); // late: ignored
      await h.settled();
      expect((await h.messagesOf(client.user.id))[0].status).toBe('read');

      const other = await h.optedIn();
      await t.app.get(NotificationsService).emit(confirmation(other.user));
      await h.settled();
      const [failing] = await h.messagesOf(other.user.id);
      const mailer = jest.spyOn(t.app.get(MailerService), 'sendMail');
      const body = JSON.stringify(
        statusReport(failing.waMessageId!, other.phone.slice(1), 'failed', new Date(), {
          code: 131026,
          title: 'Message undeliverable',
        }),
      );
      await h.post(body, sign(body)).expect(200);
      await h.post(body, sign(body)).expect(200); // replayed
      await h.settled();
      expect((await h.messagesOf(other.user.id))[0]).toMatchObject({ status: 'failed', errorCode: 131026 });
      await t.app.get(NotificationsService).deliverDue();
      await h.settled();
      expect((await h.deliveries(other.user.id)).map((d) => [d.channel, d.sentAt !== null])).toEqual([
        ['whatsapp', true],
        ['email', true],
      ]);
      expect(mailer.mock.calls.filter(([options]) => options.to === other.user.email)).toHaveLength(1);
    });

    it('should end the consent of whoever replies "BAJA" (any case, accents, spaces), with 521 as WhatsApp writes it', async () => {
      const client = await h.optedIn();
      const bystander = await h.optedIn();
      const from = `521${client.phone.slice(3)}`;
      const chat = JSON.stringify(inboundText(from, 'Gracias, ahí estaré'));
      await h.post(chat, sign(chat)).expect(200);
      await h.settled();
      expect((await h.consentsOf(client.user.id))[0].withdrawnAt).toBeNull();

      const reply = JSON.stringify(inboundText(from, ' Bá ja! '));
      await h.post(reply, sign(reply)).expect(200);
      await h.settled();
      expect(await h.consentsOf(client.user.id)).toEqual([
        expect.objectContaining({ withdrawnVia: 'reply', withdrawnAt: NOON, activeMarker: null }),
      ]);
      expect((await h.consentsOf(bystander.user.id))[0].activeMarker).toBe(1);
      // The next notice goes by e-mail.
      await t.app.get(NotificationsService).emit(confirmation(client.user));
      await h.settled();
      expect((await h.deliveries(client.user.id)).map((d) => d.channel)).toEqual(['email']);

      const stop = JSON.stringify(inboundText(bystander.phone.slice(1), 'stop'));
      await h.post(stop, sign(stop)).expect(200);
      await h.settled();
      expect((await h.consentsOf(bystander.user.id))[0].withdrawnVia).toBe('reply');
    });
  });

  describe('what the studio sees', () => {
    it("should show the admin a client's consent and last messages with their state, and the dashboard's figures", async () => {
      const admin = await adminAgent(t);
      const day = '2026-11-23';
      const period = { from: day, to: day };
      const before = (await admin.post('/api/admin/dashboard').send(period).expect(200)).body.whatsapp;

      const client = await h.optedIn();
      await t.app.get(NotificationsService).emit(confirmation(client.user));
      await t.app.get(NotificationsService).emit(confirmation(client.user, '20:00'));
      await h.settled();
      const [first, second] = await h.messagesOf(client.user.id);
      const failed = JSON.stringify(
        statusReport(second.waMessageId!, client.phone.slice(1), 'failed', NOON, {
          code: 131047,
          title: 'Re-engagement message',
        }),
      );
      const read = JSON.stringify(statusReport(first.waMessageId!, client.phone.slice(1), 'read', NOON));
      await h.post(failed, sign(failed)).expect(200);
      await h.post(read, sign(read)).expect(200);
      await h.settled();

      const seen = await admin.post('/api/admin/get-user-whatsapp').send({ id: client.user.id }).expect(200);
      expect(seen.body).toEqual({
        success: true,
        whatsapp: { phone: expect.stringMatching(/^\+52 722 /), textVersion: 1, consentedAt: NOON.toISOString() },
        messages: [
          expect.objectContaining({ template: 'reserva_confirmada', status: 'failed', errorCode: 131047 }),
          expect.objectContaining({ template: 'reserva_confirmada', status: 'read', errorCode: null }),
        ],
      });
      const { user: stranger } = await newClient(t);
      expect((await admin.post('/api/admin/get-user-whatsapp').send({ id: stranger.id }).expect(200)).body).toEqual({
        success: true,
        whatsapp: null,
        messages: [],
      });
      await admin.post('/api/admin/get-user-whatsapp').send({ id: 999999 }).expect(404);
      await client.agent.post('/api/admin/get-user-whatsapp').send({ id: client.user.id }).expect(403);

      const after = (await admin.post('/api/admin/dashboard').send(period).expect(200)).body.whatsapp;
      expect({
        sent: after.sent - before.sent,
        delivered: after.delivered - before.delivered,
        read: after.read - before.read,
        failed: after.failed - before.failed,
      }).toEqual({ sent: 1, delivered: 1, read: 1, failed: 1 });
    });
  });
});

describe("WhatsApp notices through Meta's Cloud API (a local fake of it)", () => {
  let t: TestApp;
  let meta: FakeMeta;
  const clock = new FixedClock(NOON);
  const h = helpers(() => t);

  beforeAll(async () => {
    meta = await new FakeMeta().start();
    t = await createTestApp({
      clock,
      env: {
        ...ENV,
        WHATSAPP_TOKEN: 'token-de-prueba',
        WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
        WHATSAPP_API_BASE: meta.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await meta.stop();
  });
  beforeEach(() => meta.reset());
  afterEach(async () => {
    jest.restoreAllMocks();
    await h.settled();
    clock.set(NOON);
  });

  it('should post the template to /<version>/<phone-number-id>/messages with the bearer token and store its id', async () => {
    const client = await h.optedIn();
    await t.app.get(NotificationsService).emit(confirmation(client.user));
    await h.settled();
    expect(meta.requests).toHaveLength(1);
    const [request] = meta.requests;
    expect(request.path).toBe('/v21.0/106540352242922/messages');
    expect(request.authorization).toBe('Bearer token-de-prueba');
    expect(request.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: client.phone.slice(1),
      type: 'template',
      template: { name: 'reserva_confirmada', language: { code: 'es_MX' } },
    });
    expect(request.body.template.components[0].parameters.map((p) => p.text)).toEqual([
      client.user.name,
      'lunes 30 de noviembre de 2026 a las 7:00 PM',
      'Reformer 4',
      'Puedes cancelarla sin perder la clase hasta el lunes 30 de noviembre de 2026 a las 7:00 AM.',
      `${t.config.appUrl}/pilates/clases`,
    ]);
    const [message] = await h.messagesOf(client.user.id);
    expect(message).toMatchObject({ status: 'accepted', waMessageId: expect.stringMatching(/^wamid\.fake\./) });
    expect((await h.deliveries(client.user.id)).map((d) => d.channel)).toEqual(['whatsapp']);
  });

  it.each(['rate-limited', 'server-error'] as const)(
    'should retry with backoff when Meta answers %s, then send once, without e-mail',
    async (answer) => {
      const client = await h.optedIn();
      meta.answer(answer, answer);
      await t.app.get(NotificationsService).emit(confirmation(client.user));
      await h.settled();
      let [delivery] = await h.deliveries(client.user.id, 'whatsapp');
      expect(delivery).toMatchObject({ attempts: 1, sentAt: null });
      expect(delivery.lastError).toMatch(answer === 'rate-limited' ? /429, código 130429/ : /500, código 1:/);
      expect(delivery.nextAttemptAt.getTime()).toBe(NOON.getTime() + MINUTE);
      clock.set(new Date(NOON.getTime() + MINUTE));
      await t.app.get(NotificationsService).deliverDue();
      [delivery] = await h.deliveries(client.user.id, 'whatsapp');
      expect(delivery.nextAttemptAt.getTime()).toBe(NOON.getTime() + 3 * MINUTE);
      clock.set(new Date(NOON.getTime() + 3 * MINUTE));
      await t.app.get(NotificationsService).deliverDue();
      await t.app.get(NotificationsService).deliverDue();
      expect(meta.requests).toHaveLength(3);
      expect(await h.messagesOf(client.user.id)).toEqual([expect.objectContaining({ status: 'accepted' })]);
      expect((await h.deliveries(client.user.id)).map((d) => [d.channel, d.attempts, d.sentAt !== null])).toEqual([
        ['whatsapp', 3, true],
      ]);
    },
  );

  it.each(['undeliverable', 'template-missing', 'token-expired'] as const)(
    'should not retry when Meta refuses for good (%s), and send the e-mail instead, once',
    async (answer) => {
      const client = await h.optedIn();
      const mailer = jest.spyOn(t.app.get(MailerService), 'sendMail');
      meta.answer(answer);
      await t.app.get(NotificationsService).emit(confirmation(client.user));
      await h.settled();
      clock.set(new Date(NOON.getTime() + 60 * MINUTE));
      await t.app.get(NotificationsService).deliverDue();
      await h.settled();
      expect(meta.requests).toHaveLength(1);
      const deliveries = await h.deliveries(client.user.id);
      expect(deliveries.map((d) => [d.channel, d.attempts, d.sentAt !== null])).toEqual([
        ['whatsapp', MAIL_MAX_ATTEMPTS, false],
        ['email', 1, true],
      ]);
      const code = { undeliverable: 131026, 'template-missing': 132001, 'token-expired': 190 }[answer];
      expect(await h.messagesOf(client.user.id)).toEqual([
        expect.objectContaining({ status: 'failed', errorCode: code, waMessageId: null }),
      ]);
      expect(mailer.mock.calls.map(([options]) => options.to)).toEqual([client.user.email]);
    },
  );

  it('should send a due message once when two senders claim it at the same moment', async () => {
    const clients = [await h.optedIn(), await h.optedIn(), await h.optedIn()];
    // Held through the night, all due at 08:00 together.
    clock.set(new Date('2026-11-24T04:00:00.000Z'));
    for (const client of clients) await t.app.get(NotificationsService).emit(confirmation(client.user));
    await h.settled();
    clock.set(new Date('2026-11-24T14:00:00.000Z'));
    const service = t.app.get(NotificationsService);
    const [a, b] = await Promise.all([service.deliverDue(), service.deliverDue()]);
    expect(a + b).toBe(3);
    expect(meta.requests.map((r) => r.body.to).sort()).toEqual(clients.map((c) => c.phone.slice(1)).sort());
  });
});

describe('two app instances on one MariaDB database sending the same WhatsApp deliveries', () => {
  let database: TestDatabase;
  let meta: FakeMeta;
  const apps: TestApp[] = [];
  const dirs = [1, 2].map(() => mkdtempSync(join(tmpdir(), 'pilates-whatsapp-')));
  const clock = new FixedClock(new Date('2026-11-24T04:00:00.000Z')); // 22:00: everything waits for 08:00

  beforeAll(async () => {
    meta = await new FakeMeta().start();
    database = await createMariaDbDatabase('pilates_whatsapp');
    const env = { WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '1', WHATSAPP_API_BASE: meta.url };
    for (const dataDir of dirs) apps.push(await createTestApp({ database, dataDir, clock, env }));
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await database?.drop();
    await meta.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('should post each message to Meta exactly once', async () => {
    const [first] = apps;
    const users: { id: number; email: string; name: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const { agent, user } = await newClient(first, 'Replica');
      await agent
        .post('/api/informacion/whatsapp')
        .send({ phone: `55 1000 ${String(1000 + i)}`, consent: true })
        .expect(200);
      users.push(user);
    }
    for (const user of users) await first.app.get(NotificationsService).emit(confirmation(user));
    await first.app.get(NotificationsService).settled();
    expect(meta.requests).toHaveLength(0);
    clock.set(new Date('2026-11-24T14:00:00.000Z'));
    const counts = await Promise.all(apps.map((t) => t.app.get(NotificationsService).deliverDue()));
    expect(counts[0] + counts[1]).toBe(users.length);
    expect(meta.requests).toHaveLength(users.length);
    expect(new Set(meta.requests.map((r) => r.body.to)).size).toBe(users.length);
    const rows = await first.dataSource.getRepository(WhatsAppMessageRow).count();
    expect(rows).toBe(users.length);
  });
});
