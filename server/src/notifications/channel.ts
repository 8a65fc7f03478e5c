import type { NotificationEvent } from './events';
import type { Recipient } from './mail';

/** An event as read back from the outbox, with its id. */
export type OutboxEvent = NotificationEvent & { id: number };

/** The delivery being made, as its row says before this attempt. */
export interface DeliveryAttempt {
  id: number;
  attempts: number;
}

/**
 * A way a notification reaches its recipient: e-mail, and WhatsApp for the clients who opted in
 * (NOTIFICATION_CHANNELS, notifications.module.ts). Each event gets one delivery row per channel
 * that wants it, except a channel another one `replaces`: that one gets its row only when the
 * replacing channel fails for good (WhatsApp first, the e-mail as its fallback).
 */
export interface Channel {
  /** Stored on its delivery rows: never rename one that has rows. */
  readonly name: string;
  /** The channel this one goes instead of, which becomes its fallback. */
  readonly replaces?: string;
  /** Whether `event` goes on this channel beside the one it `replaces` (both), not instead of it. */
  beside?(event: NotificationEvent): boolean;
  /** Whether `recipient` gets `event` on this channel (asked when the event is emitted). */
  wants(recipient: Recipient, event: NotificationEvent): boolean | Promise<boolean>;
  /** When the event may go on this channel (quiet hours): `now` or later. At once when absent. */
  sendAt?(event: NotificationEvent, now: Date): Date;
  /**
   * Sends the event; throws when it could not: the delivery is retried with a growing delay, unless
   * the error is a PermanentDeliveryError (no retry; the replaced channel's delivery goes instead).
   */
  deliver(event: OutboxEvent, delivery: DeliveryAttempt): Promise<void>;
}

/** A failure no retry can cure (the provider refused the message for good). */
export class PermanentDeliveryError extends Error {}

/** The injection token of the channels, in order. */
export const NOTIFICATION_CHANNELS = Symbol('NOTIFICATION_CHANNELS');
