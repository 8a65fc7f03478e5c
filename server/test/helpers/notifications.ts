import { NotificationDelivery } from '../../src/notifications/entities/notification-delivery.entity';
import { NotificationEventRow } from '../../src/notifications/entities/notification-event.entity';
import { EmailChannel } from '../../src/notifications/email.channel';
import type { NotificationEvent } from '../../src/notifications/events';
import type { Mail } from '../../src/notifications/mail';
import { NotificationsService } from '../../src/notifications/notifications.service';
import type { TestApp } from './test-app';

/** The events the outbox holds (for `email` when given), oldest first. */
export async function eventsFor(t: TestApp, email?: string): Promise<(NotificationEvent & { id: number })[]> {
  const rows = await t.dataSource
    .getRepository(NotificationEventRow)
    .find({ where: email === undefined ? {} : { recipientEmail: email }, order: { id: 'ASC' } });
  return rows.map(
    (row) =>
      ({
        id: row.id,
        type: row.type,
        to: { userId: row.recipientUserId, email: row.recipientEmail, name: row.recipientName },
        payload: row.payload,
      }) as NotificationEvent & { id: number },
  );
}

/**
 * The mails of the outbox (for `email` when given; sent or not), oldest first, as the e-mail
 * channel renders them; `recipient` is the address it goes to.
 */
export async function mailsFor(t: TestApp, email?: string): Promise<(Mail & { recipient: string })[]> {
  const channel = t.app.get(EmailChannel);
  return (await eventsFor(t, email)).map((event) => {
    const mail = channel.render(event);
    return { ...mail, recipient: mail.to };
  });
}

/** The e-mail deliveries of the outbox, oldest first, with their event's recipient. */
export async function emailDeliveries(t: TestApp): Promise<(NotificationDelivery & { recipient: string })[]> {
  const rows = await t.dataSource
    .getRepository(NotificationDelivery)
    .find({ where: { channel: 'email' }, relations: { event: true }, order: { id: 'ASC' } });
  return rows.map((row) => Object.assign(row, { recipient: row.event!.recipientEmail }));
}

/** Waits for the deliveries started after the commits so far (they run in the background). */
export const notificationsSettled = (t: TestApp): Promise<void> => t.app.get(NotificationsService).settled();
