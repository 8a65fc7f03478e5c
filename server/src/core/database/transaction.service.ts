import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { ClsServiceManager } from 'nestjs-cls';

/**
 * The ambient transaction (`@nestjs-cls/transactional` with its TypeORM adapter): while a
 * transaction runs, `txHost.tx` is its EntityManager in that async context, else the data source's
 * own. Repositories take this host and run every statement on `txHost.tx`, so a repository method
 * called inside a transaction joins it without being handed anything.
 */
export type AppTransactionHost = TransactionHost<TransactionalAdapterTypeOrm>;

const DEADLOCK_CODES = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);
const MAX_ATTEMPTS = 3;
/** Where the outermost transaction keeps what runs after its commit, in its CLS context. */
const AFTER_COMMIT = Symbol('afterCommit');

const isDeadlock = (error: unknown): boolean => {
  const driverError = (error as { driverError?: { code?: string } })?.driverError;
  return DEADLOCK_CODES.has(driverError?.code ?? (error as { code?: string })?.code ?? '');
};

/**
 * Starts and joins ambient transactions. On SQLite the one connection takes one transaction at a
 * time, with other queries waiting (sqlite-serializer.ts: the adapter opens transactions through
 * `dataSource.transaction`, which it wraps). On MySQL a deadlock or lock-wait timeout retries the
 * whole transaction, up to 3 attempts: the library's own `@Transactional()` cannot.
 */
@Injectable()
export class TransactionService {
  constructor(private readonly host: TransactionHost<TransactionalAdapterTypeOrm>) {}

  get isSqlite(): boolean {
    return this.host.tx.connection.options.type === 'better-sqlite3';
  }

  /** Whether the caller runs inside a transaction. */
  get active(): boolean {
    return this.host.isTransactionActive();
  }

  /**
   * Runs `work` in a transaction: the caller's when one is active (it joins it), else a new one.
   * The library creates the CLS context when there is none (a job, a test), so no per-request
   * middleware is needed.
   */
  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.host.isTransactionActive()) return this.host.withTransaction(work);
    return this.runOutermost(work);
  }

  /**
   * `callback` runs once the transaction the caller is in has committed (the outermost one, when
   * nested); never when it rolls back. Outside a transaction it runs at once. It must not throw
   * (what it does is not part of the transaction any more).
   */
  afterCommit(callback: () => void): void {
    if (!this.host.isTransactionActive()) {
      callback();
      return;
    }
    const callbacks = ClsServiceManager.getClsService().get<(() => void)[] | undefined>(AFTER_COMMIT);
    if (!callbacks) throw new Error('Transacción abierta fuera de TransactionService: no hay dónde esperar su commit');
    callbacks.push(callback);
  }

  private async runOutermost<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      // A fresh list per attempt: what a rolled-back attempt registered never runs.
      const callbacks: (() => void)[] = [];
      try {
        const result = await this.host.withTransaction(() => {
          ClsServiceManager.getClsService().set(AFTER_COMMIT, callbacks);
          return work();
        });
        for (const callback of callbacks) callback();
        return result;
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !isDeadlock(error)) throw error;
      }
    }
  }
}
