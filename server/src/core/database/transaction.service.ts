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
 * Runs work inside one database transaction. On SQLite the one connection takes one
 * transaction at a time, with other queries waiting (sqlite-serializer.ts). On MySQL a
 * deadlock is retried.
 */
@Injectable()
export class TransactionService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get isSqlite(): boolean {
    return this.dataSource.options.type === 'better-sqlite3';
  }

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.isSqlite ? this.dataSource.transaction(work) : this.runWithRetry(work);
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
