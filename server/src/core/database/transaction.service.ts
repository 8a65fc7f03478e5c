import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

const DEADLOCK_CODES = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);
const MAX_ATTEMPTS = 3;

const isDeadlock = (error: unknown): boolean => {
  const driverError = (error as { driverError?: { code?: string } })?.driverError;
  return DEADLOCK_CODES.has(driverError?.code ?? (error as { code?: string })?.code ?? '');
};

/**
 * Runs work inside one database transaction.
 * better-sqlite3 works over a single connection, where overlapping transactions
 * collide ("cannot start a transaction within a transaction"), so on SQLite the
 * transactions are queued one after another. On MySQL a deadlock is retried.
 */
@Injectable()
export class TransactionService {
  private sqliteQueue: Promise<unknown> = Promise.resolve();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get isSqlite(): boolean {
    return this.dataSource.options.type === 'better-sqlite3';
  }

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (!this.isSqlite) return this.runWithRetry(work);
    const result = this.sqliteQueue.then(() => this.dataSource.transaction(work));
    // Keep the queue going whether this transaction succeeds or fails.
    this.sqliteQueue = result.catch(() => undefined);
    return result;
  }

  private async runWithRetry<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.dataSource.transaction(work);
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !isDeadlock(error)) throw error;
      }
    }
  }
}
