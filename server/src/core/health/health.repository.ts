import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** The database as the health check sees it. */
@Injectable()
export class HealthRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get driver(): 'mysql' | 'sqlite' {
    return this.dataSource.options.type === 'mysql' ? 'mysql' : 'sqlite';
  }

  /** One trivial round trip; rejects while the database cannot answer it. */
  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }
}
