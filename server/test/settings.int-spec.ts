import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditLog } from '../src/core/audit/audit-log.entity';
import { FixedClock } from '../src/core/clock/clock';
import { StudioSettingsRow } from '../src/core/settings/studio-settings.entity';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
import {
  activeReservations,
  adminAgent,
  givePlan,
  newClient,
  NEXT_MONDAY,
  NOW,
  scheduleAt,
  sessionOf,
} from './helpers/booking';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createTestDatabase } from './helpers/test-database';
import { builtClientDir } from './helpers/built-client';
import { eventsFor, mailsFor } from './helpers/notifications';
import { DEFAULT_STUDIO_CONTACT } from '@pilates/dates';
import { RemindersService } from '../src/reservations/reminders.service';

type Agent = ReturnType<TestApp['agent']>;

// Monday 7:00 in Mexico City (UTC-6) is 13:00 UTC: the deadline is that instant minus the window.
const MONDAY_SEVEN = new Date(`${NEXT_MONDAY}T13:00:00.000Z`).getTime();
const deadlineWith = (hours: number) => new Date(MONDAY_SEVEN - hours * 3600_000).toISOString();

const dayView = async (agent: Agent) => {
  const res = await agent.post('/api/reservations/get-information').send({ date: NEXT_MONDAY }).expect(200);
  return res.body.data as { time: string; cancelUntil: string }[];
};
const sevenAm = async (agent: Agent) => (await dayView(agent)).find((slot) => slot.time === '7:00 AM')!;
const settingsAudit = (t: TestApp) => t.dataSource.getRepository(AuditLog).findBy({ action: 'settings.update' });

describe('studio settings ("Ajustes")', () => {
  const clock = new FixedClock(NOW);

  describe('first start', () => {
    it('should take the environment values as first-start defaults only, and keep them over a later environment', async () => {
      const database = await createTestDatabase();
      const dataDir = mkdtempSync(join(tmpdir(), 'pilates-settings-'));
      const env = { CANCEL_HOURS: '6', WAITLIST_MAX: '4', WAITLIST_CUTOFF_HOURS: '1', WAITLIST_GRACE_MINUTES: '30' };
      let t = await createTestApp({ clock, database, dataDir, env });
      try {
        const admin = await adminAgent(t);
        const res = await admin.get('/api/admin/settings').expect(200);
        expect(res.body).toEqual({
          success: true,
          warnings: [],
          settings: {
            cancelHours: 6,
            waitlistMax: 4,
            waitlistCutoffHours: 1,
            waitlistGraceMinutes: 30,
            lateCancelReleases: true,
            autoNoShows: true,
            strikeRule: { enabled: false, count: 3, days: 30, blockDays: 7 },
            // As before the settings existed: 12 hours before the cancellation deadline.
            reminderHours: 18,
            secondReminderHours: null,
            contact: {
              address: [
                'Av. Leona Vicario 1020, local 4',
                'Barrio de San Mateo, C.P. 52140',
                'Metepec, Estado de México',
              ],
              phone: '722 123 4567',
              email: 'hola@estudiopilatesreformer.mx',
              whatsapp: '527221234567',
              instagram: 'https://www.instagram.com/estudiopilatesreformer/',
              mapUrl: expect.stringMatching(/^https:\/\/www\.google\.com\/maps\?.*output=embed$/),
              openingHours: [],
            },
            giftCardAmounts: [500, 800, 1000, 1500, 2000, 3000],
            giftCardPlanPrices: true,
            invoiceProductKey: '01010101',
            invoiceUnitKey: 'E48',
            invoiceSeries: 'F',
            invoiceZip: '52140',
            invoiceGraceDays: 0,
            invoiceDescription: 'Clases de Pilates Reformer',
            membershipGraceDays: 7,
            membershipPauseMaxDaysPerYear: 30,
            membershipDailyLimit: 1,
          },
        });
        expect((await sevenAm(admin)).cancelUntil).toBe(deadlineWith(6));
        const studio = await t.http().get('/api/studio').expect(200);
        expect(studio.headers['cache-control']).toBe('no-cache');
        expect(studio.body).toMatchObject({
          cancelHours: 6,
          lateCancelReleases: true,
          contact: { phone: '722 123 4567' },
        });
        expect(await t.dataSource.getRepository(StudioSettingsRow).count()).toBe(1);

        // The next start reads the stored settings: a changed variable is no longer what decides.
        await t.close();
        t = await createTestApp({ clock, database, dataDir, env: { ...env, CANCEL_HOURS: '24' } });
        const again = await (await adminAgent(t)).get('/api/admin/settings').expect(200);
        expect(again.body.settings.cancelHours).toBe(6);
        expect(await t.dataSource.getRepository(StudioSettingsRow).count()).toBe(1);
      } finally {
        await t.close();
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });

  describe('changes', () => {
    let t: TestApp;
    let admin: Agent;

    beforeAll(async () => {
      t = await createTestApp({ clock, env: { CANCEL_HOURS: '12' } });
      admin = await adminAgent(t);
    });
    afterAll(() => t.close());

    it('should apply a new cancellation window from the next request (the day view and the booking answer)', async () => {
      const { agent } = await newClient(t);
      expect((await sevenAm(agent)).cancelUntil).toBe(deadlineWith(12));

      const res = await admin.post('/api/admin/settings/change').send({ cancelHours: 24 }).expect(200);
      expect(res.body).toMatchObject({ success: true, message: 'Ajustes guardados.', warnings: [] });
      expect(res.body.settings.cancelHours).toBe(24);

      expect((await sevenAm(agent)).cancelUntil).toBe(deadlineWith(24));
      expect((await t.http().get('/api/studio').expect(200)).body.cancelHours).toBe(24);
      await admin.post('/api/admin/settings/change').send({ cancelHours: 12 }).expect(200);
    });

    it('should audit who changed what, with only the changed keys before and after', async () => {
      const before = (await settingsAudit(t)).length;
      await admin
        .post('/api/admin/settings/change')
        .send({ waitlistMax: 6, strikeRule: { enabled: true }, contact: { phone: '722 765 4321' } })
        .expect(200);
      const entries = await settingsAudit(t);
      expect(entries).toHaveLength(before + 1);
      const entry = entries[entries.length - 1];
      const adminId = (await admin.get('/api/get-cookie').expect(200)).body.user.id as number;
      expect(entry).toMatchObject({
        actorId: adminId,
        entityType: 'settings',
        before: { waitlistMax: 10, strikeRuleEnabled: false, contactPhone: '722 123 4567' },
        after: { waitlistMax: 6, strikeRuleEnabled: true, contactPhone: '722 765 4321' },
      });
      expect(Object.keys(entry.after!).sort()).toEqual(['contactPhone', 'strikeRuleEnabled', 'waitlistMax']);
      // The rest of a nested setting stays as it was.
      const now = (await admin.get('/api/admin/settings').expect(200)).body.settings;
      expect(now.strikeRule).toEqual({ enabled: true, count: 3, days: 30, blockDays: 7 });
      expect(now.contact.whatsapp).toBe('527221234567');
      // The public contact changes at once.
      expect((await t.http().get('/api/studio').expect(200)).body.contact.phone).toBe('722 765 4321');

      // Saving the same values again writes nothing.
      const same = await admin.post('/api/admin/settings/change').send({ waitlistMax: 6 }).expect(200);
      expect(same.body.message).toBe('No había cambios que guardar.');
      expect(await settingsAudit(t)).toHaveLength(before + 1);
    });

    it("should put the contact in force in the mails' footer", async () => {
      await admin
        .post('/api/admin/settings/change')
        .send({ contact: { phone: '722 000 1111', whatsapp: '527220001111', address: ['Calle Nueva 5', 'Toluca'] } })
        .expect(200);
      const { user, agent } = await newClient(t, 'Correo');
      await givePlan(t, user.id, { classes: 1 });
      const schedule = await scheduleAt(t, 1, '09:00');
      await agent
        .post('/api/reservations/push-reservation')
        .send({ date: NEXT_MONDAY, classReservation: schedule.id })
        .expect(201);
      const [confirmation] = await mailsFor(t, user.email);
      expect(confirmation.text).toContain('Calle Nueva 5, Toluca');
      expect(confirmation.text).toContain('WhatsApp: 722 000 1111 (https://wa.me/527220001111?');
      expect(confirmation.html).toContain('722 000 1111');
      await admin
        .post('/api/admin/settings/change')
        .send({ contact: { phone: '722 765 4321', whatsapp: '527221234567', address: DEFAULT_STUDIO_CONTACT.address } })
        .expect(200);
    });

    it('should refuse negative and absurd values with Spanish field errors, writing nothing', async () => {
      const stored = await t.dataSource.getRepository(StudioSettingsRow).findOneByOrFail({ id: 1 });
      const audited = (await settingsAudit(t)).length;
      const res = await admin
        .post('/api/admin/settings/change')
        .send({
          cancelHours: -1,
          waitlistMax: 100000,
          waitlistGraceMinutes: 2.5,
          autoNoShows: 'sí',
          strikeRule: { count: 0 },
          reminderHours: 1000,
          contact: { whatsapp: '+52 722', instagram: 'instagram.com/estudio', address: [], email: 'hola@' },
        })
        .expect(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(Object.keys(res.body.error).sort()).toEqual([
        'autoNoShows',
        'cancelHours',
        'contact.address',
        'contact.email',
        'contact.instagram',
        'contact.whatsapp',
        'reminderHours',
        'strikeRule.count',
        'waitlistGraceMinutes',
        'waitlistMax',
      ]);
      expect(res.body.error.cancelHours).toEqual([
        'Las horas para cancelar sin costo deben ser un número entero entre 0 y 168 (una semana).',
      ]);
      expect(res.body.error['contact.whatsapp'][0]).toMatch(/^El WhatsApp debe ser/);

      // A second reminder that would go out before the first: refused on the field, nothing written.
      const order = await admin
        .post('/api/admin/settings/change')
        .send({ reminderHours: 4, secondReminderHours: 6 })
        .expect(400);
      expect(Object.keys(order.body.error)).toEqual(['secondReminderHours']);
      expect(order.body.error.secondReminderHours[0]).toMatch(/segundo recordatorio/);

      expect(await t.dataSource.getRepository(StudioSettingsRow).findOneByOrFail({ id: 1 })).toEqual(stored);
      expect(await settingsAudit(t)).toHaveLength(audited);
    });

    it("should save the invoice's description trimmed, audit it, and refuse a blank, too long or hidden-character one in Spanish", async () => {
      const audited = (await settingsAudit(t)).length;
      const res = await admin
        .post('/api/admin/settings/change')
        .send({ invoiceDescription: '  Clases de Pilates Reformer y Barre  ' })
        .expect(200);
      expect(res.body.settings.invoiceDescription).toBe('Clases de Pilates Reformer y Barre');
      expect((await admin.get('/api/admin/settings').expect(200)).body.settings.invoiceDescription).toBe(
        'Clases de Pilates Reformer y Barre',
      );
      const entries = await settingsAudit(t);
      expect(entries).toHaveLength(audited + 1);
      expect(entries[entries.length - 1]).toMatchObject({
        before: { invoiceDescription: 'Clases de Pilates Reformer' },
        after: { invoiceDescription: 'Clases de Pilates Reformer y Barre' },
      });

      const stored = await t.dataSource.getRepository(StudioSettingsRow).findOneByOrFail({ id: 1 });
      const message =
        'La descripción en la factura debe tener de 1 a 200 caracteres visibles (sin caracteres invisibles ni saltos de línea).';
      for (const invoiceDescription of ['   ', 'x'.repeat(201), 'Clases\u200Bde Pilates', 'Clases\nde Pilates', 42]) {
        const refused = await admin.post('/api/admin/settings/change').send({ invoiceDescription }).expect(400);
        expect(refused.body).toMatchObject({ success: false, error: { invoiceDescription: [message] } });
      }
      // Nothing written, nothing audited.
      expect(await t.dataSource.getRepository(StudioSettingsRow).findOneByOrFail({ id: 1 })).toEqual(stored);
      expect(await settingsAudit(t)).toHaveLength(audited + 1);
      // 200 characters after trimming are allowed.
      const longest = 'x'.repeat(200);
      await admin
        .post('/api/admin/settings/change')
        .send({ invoiceDescription: ` ${longest} ` })
        .expect(200);
      expect((await admin.get('/api/admin/settings').expect(200)).body.settings.invoiceDescription).toBe(longest);
      await admin
        .post('/api/admin/settings/change')
        .send({ invoiceDescription: 'Clases de Pilates Reformer' })
        .expect(200);
    });

    it('should allow a waitlist cutoff longer than the cancellation window, with a warning in Spanish', async () => {
      const res = await admin.post('/api/admin/settings/change').send({ waitlistCutoffHours: 20 }).expect(200);
      expect(res.body.settings.waitlistCutoffHours).toBe(20);
      expect(res.body.warnings).toEqual([expect.stringMatching(/^La lista de espera cierra 20 horas antes/)]);
      expect((await admin.get('/api/admin/settings').expect(200)).body.warnings).toHaveLength(1);

      // A second reminder after the first clears with null.
      await admin.post('/api/admin/settings/change').send({ secondReminderHours: 2 }).expect(200);
      const cleared = await admin.post('/api/admin/settings/change').send({ secondReminderHours: null }).expect(200);
      expect(cleared.body.settings.secondReminderHours).toBeNull();
      await admin.post('/api/admin/settings/change').send({ waitlistCutoffHours: 2 }).expect(200);
    });

    it('should refuse a guest with 401 and a client with 403', async () => {
      await t.agent().get('/api/admin/settings').expect(401);
      await t.agent().post('/api/admin/settings/change').send({ cancelHours: 1 }).expect(401);
      const { agent } = await newClient(t);
      const read = await agent.get('/api/admin/settings').expect(403);
      expect(read.body.code).toBe('FORBIDDEN');
      await agent.post('/api/admin/settings/change').send({ cancelHours: 1 }).expect(403);
      expect((await admin.get('/api/admin/settings').expect(200)).body.settings.cancelHours).toBe(12);
    });

    it('should keep every booking consistent when the window changes while ten clients book one class', async () => {
      const schedule = await scheduleAt(t, 1, '08:00');
      const clients = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const client = await newClient(t, `Carrera ${i}`);
          const planId = await givePlan(t, client.user.id, { classes: 4 });
          return { ...client, planId };
        }),
      );
      const eightAm = new Date(`${NEXT_MONDAY}T14:00:00.000Z`).getTime();
      const [change, ...bookings] = await Promise.all([
        admin.post('/api/admin/settings/change').send({ cancelHours: 48 }),
        ...clients.map((c) =>
          c.agent.post('/api/reservations/push-reservation').send({ date: NEXT_MONDAY, classReservation: schedule.id }),
        ),
      ]);
      expect(change.status).toBe(200);
      expect(bookings.map((b) => b.status).filter((status) => status >= 500)).toEqual([]);
      const booked = bookings.filter((b) => b.status === 201);
      expect(booked).toHaveLength(8);
      for (const b of bookings.filter((b) => b.status !== 201)) expect(b.body.code).toBe('CLASS_FULL');
      // Each answer states the window of the moment it was sold: the old one or the new one.
      for (const b of booked) {
        expect([12, 48].map((h) => new Date(eightAm - h * 3600_000).toISOString())).toContain(b.body.cancelUntil);
      }
      const session = await sessionOf(t, schedule.id, NEXT_MONDAY);
      expect(await activeReservations(t, { classSessionId: session!.id })).toBe(8);
      const plans = await t.dataSource.getRepository(UserPlan).findBy(clients.map((c) => ({ id: c.planId })));
      expect(plans.reduce((sum, p) => sum + (4 - p.classesRemaining), 0)).toBe(8);
      // Every request after the change uses the new window.
      expect((await sevenAm(admin)).cancelUntil).toBe(deadlineWith(48));
      await admin.post('/api/admin/settings/change').send({ cancelHours: 12 }).expect(200);
    });
  });

  describe('reminders', () => {
    let t: TestApp;
    const remindersClock = new FixedClock(NOW);

    beforeAll(async () => {
      t = await createTestApp({ clock: remindersClock });
    });
    afterAll(() => t.close());

    const reminderEvents = async (email: string) =>
      (await eventsFor(t, email)).filter((event) => event.type === 'class.reminder');

    it('should send the reminder the settings say, and a second one when asked for, each once', async () => {
      const admin = await adminAgent(t);
      await admin.post('/api/admin/settings/change').send({ reminderHours: 24, secondReminderHours: 2 }).expect(200);
      // Thursday 26 at 7:00 PM in Mexico City is Friday 01:00 UTC.
      const thursday = '2026-11-26';
      const schedule = await scheduleAt(t, 4, '19:00');
      const client = await newClient(t, 'Recordada');
      await givePlan(t, client.user.id, { classes: 2 });
      await client.agent
        .post('/api/reservations/push-reservation')
        .send({ date: thursday, classReservation: schedule.id })
        .expect(201);
      const reminders = t.app.get(RemindersService);

      remindersClock.set(new Date('2026-11-25T23:00:00Z')); // Wednesday 5:00 PM: 26 hours before
      expect(await reminders.sendDueReminders()).toBe(0);
      remindersClock.set(new Date('2026-11-26T01:10:00Z')); // Wednesday 7:10 PM: the first
      expect(await reminders.sendDueReminders()).toBe(1);
      remindersClock.set(new Date('2026-11-26T22:00:00Z')); // Thursday 4:00 PM: 3 hours before
      expect(await reminders.sendDueReminders()).toBe(0);
      remindersClock.set(new Date('2026-11-26T23:10:00Z')); // Thursday 5:10 PM: the second, once
      const [a, b] = await Promise.all([reminders.sendDueReminders(), reminders.sendDueReminders()]);
      expect(a + b).toBe(1);
      expect(await reminders.sendDueReminders()).toBe(0);
      expect(await reminderEvents(client.user.email)).toHaveLength(2);
      remindersClock.set(NOW);
    });

    it('should send one reminder only to a class booked inside the second window, and none when asked for later', async () => {
      const admin = await adminAgent(t);
      await admin.post('/api/admin/settings/change').send({ reminderHours: 24, secondReminderHours: 3 }).expect(200);
      const schedule = await scheduleAt(t, 4, '20:00');
      const client = await newClient(t, 'Tardía');
      await givePlan(t, client.user.id, { classes: 2 });
      remindersClock.set(new Date('2026-11-26T23:30:00Z')); // Thursday 5:30 PM, for the 8:00 PM class
      await client.agent
        .post('/api/reservations/push-reservation')
        .send({ date: '2026-11-26', classReservation: schedule.id })
        .expect(201);
      const reminders = t.app.get(RemindersService);
      expect(await reminders.sendDueReminders()).toBe(1);
      remindersClock.set(new Date('2026-11-27T00:00:00Z')); // 6:00 PM
      expect(await reminders.sendDueReminders()).toBe(0);
      expect(await reminderEvents(client.user.email)).toHaveLength(1);

      // Reminders 4 hours before: a class 5 hours away is not reminded yet.
      await admin.post('/api/admin/settings/change').send({ reminderHours: 4, secondReminderHours: null }).expect(200);
      const other = await newClient(t, 'Cuatro horas');
      await givePlan(t, other.user.id, { classes: 2 });
      remindersClock.set(new Date('2026-11-25T19:00:00Z')); // Wednesday 1:00 PM
      await other.agent
        .post('/api/reservations/push-reservation')
        .send({ date: '2026-11-25', classReservation: (await scheduleAt(t, 3, '18:00')).id })
        .expect(201);
      expect(await reminders.sendDueReminders()).toBe(0);
      remindersClock.set(new Date('2026-11-25T20:10:00Z')); // 2:10 PM: 3 hours 50 minutes before
      expect(await reminders.sendDueReminders()).toBe(1);
      expect(await reminderEvents(other.user.email)).toHaveLength(1);
      remindersClock.set(NOW);
    });
  });

  describe('server-rendered pages', () => {
    it('should show the contact and the cancellation policy in force in the first HTML, at once', async () => {
      const t = await createTestApp({ env: { CLIENT_DIR: builtClientDir() } });
      try {
        const before = await t.http().get('/pilates').expect(200);
        expect(before.text).toContain('722 123 4567');
        const terms = await t.http().get('/pilates/terminos').expect(200);
        expect(terms.text).toContain('Política de cancelación');
        expect(terms.text).toContain('hasta 12 horas antes de la clase');
        expect(terms.text).not.toContain('no podrás reservar en línea');

        const admin = await adminAgent(t);
        await admin
          .post('/api/admin/settings/change')
          .send({
            cancelHours: 24,
            lateCancelReleases: false,
            strikeRule: { enabled: true, count: 2, days: 14, blockDays: 3 },
            contact: {
              phone: '722 765 4321',
              address: ['Calle Nueva 5', 'Toluca, Estado de México'],
              openingHours: ['Lunes a viernes: 7:00 AM – 9:00 PM'],
            },
          })
          .expect(200);

        const home = await t.http().get('/pilates').expect(200);
        expect(home.text).toContain('722 765 4321');
        expect(home.text).toContain('tel:+527227654321');
        expect(home.text).toContain('Calle Nueva 5');
        expect(home.text).toContain('Toluca, Estado de México');
        expect(home.text).toContain('Lunes a viernes: 7:00 AM – 9:00 PM');
        expect(home.text).not.toContain('722 123 4567');
        const changed = await t.http().get('/pilates/terminos').expect(200);
        expect(changed.text).toContain('hasta 24 horas antes de la clase');
        expect(changed.text).toContain('ya no es posible cancelar');
        expect(changed.text).toContain('Si acumulas 2 inasistencias o cancelaciones tardías en 14 días');
      } finally {
        await t.close();
      }
    });
  });

  describe('two app instances on one database', () => {
    it("should apply a change made on one instance to the other's next request", async () => {
      const database = await createTestDatabase();
      const dataDir = mkdtempSync(join(tmpdir(), 'pilates-settings-replicas-'));
      const first = await createTestApp({ clock, database, dataDir, env: { INSTANCE_NAME: 'replica-1' } });
      const second = await createTestApp({ clock, database, dataDir, env: { INSTANCE_NAME: 'replica-2' } });
      try {
        const onFirst = await adminAgent(first);
        const onSecond = await adminAgent(second);
        // The second has read (and keeps in memory) the settings as they were.
        expect((await sevenAm(onSecond)).cancelUntil).toBe(deadlineWith(12));
        expect((await second.http().get('/api/studio').expect(200)).body.contact.whatsapp).toBe('527221234567');

        await onFirst
          .post('/api/admin/settings/change')
          .send({ cancelHours: 3, contact: { whatsapp: '527229998877' } })
          .expect(200);

        expect((await sevenAm(onSecond)).cancelUntil).toBe(deadlineWith(3));
        expect((await second.http().get('/api/studio').expect(200)).body.contact.whatsapp).toBe('527229998877');
        expect((await onSecond.get('/api/admin/settings').expect(200)).body.settings.cancelHours).toBe(3);
      } finally {
        await second.close();
        await first.close();
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
});
