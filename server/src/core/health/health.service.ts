import { Injectable } from '@nestjs/common';
import { ApiError, ErrorCode } from '../errors/api-error';
import { HealthResponseDto } from './health.dto';
import { HealthRepository } from './health.repository';

@Injectable()
export class HealthService {
  constructor(private readonly database: HealthRepository) {}

  /** One trivial round trip; 503 while the database cannot answer it. */
  async check(): Promise<HealthResponseDto> {
    const driver = this.database.driver;
    try {
      await this.database.ping();
      return { success: true, database: 'up', driver };
    } catch {
      throw new ApiError(ErrorCode.DATABASE_UNAVAILABLE, 'La base de datos no está disponible.');
    }
  }
}
