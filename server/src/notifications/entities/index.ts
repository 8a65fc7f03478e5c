import { NotificationDelivery } from './notification-delivery.entity';
import { NotificationEventRow } from './notification-event.entity';

/** The notifications outbox's tables, for the app's schema (server/src/database/schema.ts). */
export const notificationsEntities = [NotificationEventRow, NotificationDelivery];
