import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../core/clock/clock';
import { InTransaction } from '../core/database/in-transaction.decorator';
import { TransactionService } from '../core/database/transaction.service';
import { NOTIFICATION_CHANNELS, PermanentDeliveryError, type Channel, type OutboxEvent } from './channel';
import { CLAIM_MS, MAIL_MAX_ATTEMPTS, retryDelayMs } from './delivery-policy';
import type { NotificationEvent } from './events';
import { NotificationsRepository } from './notifications.repository';

/** How many deliveries one sweep takes. */
const SWEEP_BATCH = 50;

/**
 * The one way the studio notifies anyone. `emit()` writes the event and one delivery per channel
 * that wants it, inside the transaction of the change it reports: nothing is sent for a change
 * that rolls back, and a crash right after the commit loses nothing. Once that transaction has
 * committed, its deliveries are made at once in the background; the notifications job (every
 * minute) sweeps what is due: new deliveries nobody made (the process died) and failed ones past
 * their backoff. Every delivery is claimed by a conditional UPDATE first, so across replicas each
 * event goes out once per channel. A failure never undoes what the event reports.
 */
@Injectable()
export class NotificationsService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Notifications');
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    readonly transactions: TransactionService,
    private readonly outbox: NotificationsRepository,
    @Inject(NOTIFICATION_CHANNELS) private readonly channels: readonly Channel[],
    private readonly clock: Clock,
  ) {}

  /**
   * Writes the event in the caller's transaction (its own short one when there is none), and has it
   * delivered once that transaction commits. Returns the event's id.
   */
  @InTransaction()
  async emit(event: NotificationEvent): Promise<number> {
    const now = this.clock.now();
    const eventId = await this.outbox.insertEvent(event);
    const wanted: Channel[] = [];
    for (const channel of this.channels) {
      if (await channel.wants(event.to, event)) wanted.push(channel);
    }
    // An opted-in client gets the WhatsApp message instead of the e-mail, not both (but for the
    // events the channel sends `beside` the e-mail).
    const replaced = new Set(wanted.filter((channel) => !channel.beside?.(event)).map((channel) => channel.replaces));
    const deliveries: number[] = [];
    for (const channel of wanted) {
      if (replaced.has(channel.name)) continue;
      deliveries.push(await this.outbox.insertDelivery(eventId, channel.name, channel.sendAt?.(event, now) ?? now));
    }
    this.transactions.afterCommit(() => this.track(this.deliverAll(deliveries)));
    return eventId;
  }

  /** The notifications job: makes the deliveries that are due. Returns how many went out. */
  async deliverDue(): Promise<number> {
    const due = await this.outbox.due(this.clock.now(), MAIL_MAX_ATTEMPTS, SWEEP_BATCH);
    let delivered = 0;
    for (const id of due) {
      if (await this.deliver(id)) delivered++;
    }
    return delivered;
  }

  /** Resolves once the deliveries started after commits so far are done (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Before the database closes: the deliveries under way finish (the sweep takes any left). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.settled();
  }

  private track(work: Promise<void>): void {
    const done = work.catch((error: unknown) =>
      // The database failed while delivering: the claims run out and the sweep takes them.
      this.logger.error(`Avisos no entregados: ${error instanceof Error ? error.message : String(error)}`),
    );
    this.inFlight.add(done);
    void done.finally(() => this.inFlight.delete(done));
  }

  private async deliverAll(ids: number[]): Promise<void> {
    for (const id of ids) await this.deliver(id);
  }

  /**
   * The delivery of the channel `given` replaced (WhatsApp's e-mail), once it failed for good: its
   * id, or null when it has none, the recipient has no such address, or it exists already.
   */
  private async addFallback(given: Channel, event: OutboxEvent): Promise<number | null> {
    const fallback = this.channels.find((candidate) => candidate.name === given.replaces);
    if (!fallback || !(await fallback.wants(event.to, event))) return null;
    if (await this.outbox.hasDelivery(event.id, fallback.name)) return null;
    return this.outbox.insertDelivery(event.id, fallback.name, this.clock.now());
  }

  /** One attempt at a delivery, once claimed; its outcome is written on its row. True when it went out. */
  private async deliver(id: number): Promise<boolean> {
    const now = this.clock.now();
    if (!(await this.outbox.claim(id, now, new Date(now.getTime() + CLAIM_MS), MAIL_MAX_ATTEMPTS))) return false;
    const { delivery, event } = await this.outbox.deliveryById(id);
    const channel = this.channels.find((candidate) => candidate.name === delivery.channel);
    // A retry (or the delivery right after the commit) that falls in the channel's quiet hours waits.
    const sendAt = channel?.sendAt?.(event, now);
    if (sendAt && sendAt.getTime() > now.getTime()) {
      await this.outbox.postpone(id, sendAt);
      return false;
    }
    // A permanent failure counts as the last attempt: the row is given up at once.
    let attempts = delivery.attempts + 1;
    try {
      if (!channel) throw new Error(`canal desconocido «${delivery.channel}»`);
      await channel.deliver(event, { id, attempts: delivery.attempts });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof PermanentDeliveryError) attempts = Math.max(attempts, MAIL_MAX_ATTEMPTS);
      const retryAt = new Date(this.clock.now().getTime() + retryDelayMs(attempts));
      const fallback = await this.transactions.run(async () => {
        await this.outbox.markFailed(id, attempts, retryAt, reason);
        return attempts >= MAIL_MAX_ATTEMPTS && channel ? this.addFallback(channel, event) : null;
      });
      const next =
        attempts < MAIL_MAX_ATTEMPTS
          ? `se reintentará a las ${retryAt.toISOString()}`
          : fallback !== null
            ? 'va por correo'
            : 'no se reintentará más';
      this.logger.warn(
        `Aviso ${event.id} (${event.type}) por ${delivery.channel} no entregado (intento ${attempts}): ${reason}; ${next}`,
      );
      if (fallback !== null) await this.deliver(fallback);
      return false;
    }
    await this.outbox.markSent(id, attempts, this.clock.now());
    return true;
  }
}
