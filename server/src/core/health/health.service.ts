import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError, ErrorCode } from '../errors/api-error';
import { HealthResponseDto } from './health.dto';

@Injectable()
export class HealthService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One trivial round trip; 503 while the database cannot answer it. */
  async check(): Promise<HealthResponseDto> {
    const driver = this.dataSource.options.type === 'mysql' ? 'mysql' : 'sqlite';
    try {
      await this.dataSource.query('SELECT 1');
      return { success: true, database: 'up', driver };
    } catch {
      throw new ApiError(ErrorCode.DATABASE_UNAVAILABLE, 'La base de datos no está disponible.');
    }
  }
}
