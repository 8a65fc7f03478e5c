import { NotificationDelivery } from './notification-delivery.entity';
import { NotificationEventRow } from './notification-event.entity';
import { WhatsAppConsent } from './whatsapp-consent.entity';
import { WhatsAppMessageRow } from './whatsapp-message.entity';
import { WhatsAppWebhookEvent } from './whatsapp-webhook-event.entity';

/** The notifications outbox's tables, for the app's schema (server/src/database/schema.ts). */
export const notificationsEntities = [
  NotificationEventRow,
  NotificationDelivery,
  WhatsAppConsent,
  WhatsAppMessageRow,
  WhatsAppWebhookEvent,
];
export { NotificationDelivery };
