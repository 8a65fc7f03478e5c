import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { IsNull, LessThan, MoreThan } from 'typeorm';
import { NotificationDelivery } from '../notifications/entities';
import { PaymentNotification } from '../payments/entities';

/** A queue's state: how many items wait and since when the oldest does. */
export interface QueueState {
  pending: number;
  oldest: Date | null;
}

/** The MySQL pool as mysql2 keeps it (its own fields; absent on SQLite). */
export interface PoolState {
  total: number;
  idle: number;
  waiting: number;
}

interface Mysql2Pool {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
}

/** The reads behind the metrics and the alerts: queues, failures, the database's pool. */
@Injectable()
export class OperationsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Outbox deliveries of one channel not sent yet (failed ones waiting for a retry among them). */
  async outbox(channel: string): Promise<QueueState> {
    const where = { channel, sentAt: IsNull() };
    const [pending, oldest] = await Promise.all([
      this.txHost.tx.count(NotificationDelivery, { where }),
      this.txHost.tx.findOne(NotificationDelivery, { where, order: { createdAt: 'ASC', id: 'ASC' } }),
    ]);
    return { pending, oldest: oldest?.createdAt ?? null };
  }

  /** Mercado Pago's notifications stored but not processed yet. */
  async paymentNotifications(): Promise<QueueState> {
    const where = { processedAt: IsNull() };
    const [pending, oldest] = await Promise.all([
      this.txHost.tx.count(PaymentNotification, { where }),
      this.txHost.tx.findOne(PaymentNotification, { where, order: { createdAt: 'ASC', id: 'ASC' } }),
    ]);
    return { pending, oldest: oldest?.createdAt ?? null };
  }

  /** Deliveries of a channel created before `since`, still unsent after at least one failed attempt. */
  failingMailsSince(channel: string, since: Date): Promise<number> {
    return this.txHost.tx.count(NotificationDelivery, {
      where: { channel, sentAt: IsNull(), attempts: MoreThan(0), createdAt: LessThan(since) },
    });
  }

  /** Payment notifications received before `since`, unprocessed after at least one failed attempt. */
  failingPaymentNotificationsSince(since: Date): Promise<number> {
    return this.txHost.tx.count(PaymentNotification, {
      where: { processedAt: IsNull(), attempts: MoreThan(0), createdAt: LessThan(since) },
    });
  }

  /** Seconds one trivial round trip to the database takes. */
  async pingSeconds(): Promise<number> {
    const started = process.hrtime.bigint();
    await this.txHost.tx.query('SELECT 1');
    return Number(process.hrtime.bigint() - started) / 1e9;
  }

  /** The MySQL pool's connections, or null on SQLite (one connection, no pool). */
  pool(): PoolState | null {
    const connection = this.txHost.tx.connection;
    if (connection.options.type !== 'mysql') return null;
    const pool = (connection.driver as unknown as { pool?: Mysql2Pool }).pool;
    if (!pool) return null;
    return {
      total: pool._allConnections?.length ?? 0,
      idle: pool._freeConnections?.length ?? 0,
      waiting: pool._connectionQueue?.length ?? 0,
    };
  }
}
