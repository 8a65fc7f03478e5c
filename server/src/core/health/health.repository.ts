import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';

/** The database as the health check sees it. */
@Injectable()
export class HealthRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  get driver(): 'mysql' | 'sqlite' {
    return this.txHost.tx.connection.options.type === 'mysql' ? 'mysql' : 'sqlite';
  }

  /** One trivial round trip; rejects while the database cannot answer it. */
  async ping(): Promise<void> {
    await this.txHost.tx.query('SELECT 1');
  }
}
