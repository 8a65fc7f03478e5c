/*
 * WhatsApp notices, end to end without Meta: a client opts in from Mi información on a phone, typing
 * their number as people do, and their next booking's confirmation goes to the local simulator's
 * outbox (DATA_DIR/whatsapp-outbox) instead of an e-mail — or, in the studio's quiet hours
 * (21:00–08:00), waits as a WhatsApp delivery for 08:00.
 */
import { addDays, studioTimeOfDay } from '@pilates/dates';
import Database from 'better-sqlite3';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { givePlan } from './support/db';
import { CSRF, nextMonday, registerClient, sidewaysOverflow, today } from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
// A Thursday four weeks ahead: a day of the default timetable no other journey books.
const classDay = addDays(nextMonday, 24);

interface OutboxMessage {
  to: string;
  template: string;
  text: string;
}

async function outboxMessages(): Promise<OutboxMessage[]> {
  const dir = join(dataDir, 'whatsapp-outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith('.json'));
  return Promise.all(files.map(async (file) => JSON.parse(await readFile(join(dir, file), 'utf8')) as OutboxMessage));
}

/** The WhatsApp delivery of the client's booking confirmation, as the outbox table holds it. */
function confirmationDelivery(email: string) {
  const db = new Database(join(dataDir, 'pilates.sqlite'), { readonly: true });
  try {
    return db
      .prepare(
        `SELECT d.channel AS channel, d.sent_at AS sentAt, d.next_attempt_at AS nextAttemptAt
           FROM notification_deliveries d JOIN notification_events e ON e.id = d.event_id
          WHERE e.recipient_email = ? AND e.type = 'reservation.confirmed'`,
      )
      .all(email) as { channel: string; sentAt: string | null; nextAttemptAt: string }[];
  } finally {
    db.close();
  }
}

describe('WhatsApp notices', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('lets a client opt in at 390 px, and their booking confirmation goes to WhatsApp instead of e-mail', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    const email = await registerClient(page, baseUrl, 'Lucía Fernández Mora');
    givePlan(dataDir, email, { classes: 8, start: today, end: addDays(classDay, 7) });

    // Mi información: the number as people type it, and the consent that names what they will get.
    await page.goto(`${baseUrl}/pilates/informacion`);
    const notices = page.getByRole('region', { name: 'Avisos por WhatsApp' });
    await notices.getByLabel('Tu celular').fill('044 (722) 123-4567');
    await notices
      .getByRole('checkbox', { name: 'Recibir por WhatsApp confirmaciones, recordatorios y avisos de mis clases' })
      .click();
    await notices.getByRole('button', { name: 'Recibir avisos por WhatsApp' }).click();
    // One canonical number, whatever was typed.
    await expect.poll(() => notices.getByText(/Recibes tus avisos en/).textContent()).toMatch(/722\D*123\D*4567/);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: screenshotPath('whatsapp-informacion-390'), fullPage: true });

    // A booking: its confirmation is a WhatsApp message to that number.
    const day = await page.request.post(`${baseUrl}/api/reservations/get-information`, {
      headers: CSRF,
      data: { date: classDay },
    });
    const eight = ((await day.json()) as { data: { scheduleId: number; time: string }[] }).data.find(
      (slot) => slot.time === '8:00 AM',
    );
    expect(eight).toBeDefined();
    const booked = await page.request.post(`${baseUrl}/api/reservations/push-reservation`, {
      headers: CSRF,
      data: { date: classDay, classReservation: eight!.scheduleId },
    });
    expect(booked.status()).toBe(201);

    const studioNow = studioTimeOfDay(new Date(), 'America/Mexico_City');
    // Away from the edges of the quiet hours, so the check does not depend on a minute's rounding.
    const daytime = studioNow >= '08:01' && studioNow <= '20:58';
    if (daytime) {
      await expect
        .poll(async () => (await outboxMessages()).filter((message) => /7221234567$/.test(message.to)).length, {
          timeout: 15_000,
        })
        .toBe(1);
      const [message] = (await outboxMessages()).filter((m) => /7221234567$/.test(m.to));
      expect(message.template).toBe('reserva_confirmada');
      expect(message.text).toContain('8:00 AM');
      await expect
        .poll(() => confirmationDelivery(email).map((d) => [d.channel, d.sentAt !== null]))
        .toEqual([['whatsapp', true]]);
    } else {
      // Quiet hours: the confirmation waits for 08:00 as a WhatsApp delivery; no e-mail goes instead.
      await expect
        .poll(() => confirmationDelivery(email).map((d) => [d.channel, d.sentAt]))
        .toEqual([['whatsapp', null]]);
      expect((await outboxMessages()).filter((m) => /7221234567$/.test(m.to))).toEqual([]);
    }
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });
});
