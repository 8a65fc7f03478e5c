import type { NotificationEvent } from './events';
import type { Recipient } from './mail';

/** An event as read back from the outbox, with its id. */
export type OutboxEvent = NotificationEvent & { id: number };

/**
 * A way a notification reaches its recipient: e-mail now; WhatsApp next is one more class like
 * EmailChannel, added to NOTIFICATION_CHANNELS (notifications.module.ts), and a per-user
 * preference is that class's `wants`. Each event gets one delivery row per channel that wants it.
 */
export interface Channel {
  /** Stored on its delivery rows: never rename one that has rows. */
  readonly name: string;
  /** Whether `recipient` gets `event` on this channel (asked when the event is emitted). */
  wants(recipient: Recipient, event: NotificationEvent): boolean | Promise<boolean>;
  /** Sends the event; throws when it could not (the delivery is retried with a growing delay). */
  deliver(event: OutboxEvent): Promise<void>;
}

/** The injection token of the channels, in order. */
export const NOTIFICATION_CHANNELS = Symbol('NOTIFICATION_CHANNELS');
