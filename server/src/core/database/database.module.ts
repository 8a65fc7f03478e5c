import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { AppConfig } from '../config/app-config';
import { isDatabaseUnavailable } from '../errors/database-errors';
import { dataSourceOptions } from './data-source-options';
import { DirectReader } from './direct-reader';
import { entities } from './entities';
import { runMigrationsOnce } from './migrate';
import { SeedService } from './seed.service';
import { serializeSqlite } from './sqlite-serializer';
import { TransactionService } from './transaction.service';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions(config),
        // At start, wait for MySQL to accept connections (compose may start the app first).
        retryAttempts: config.databaseUrl ? 10 : 0,
        retryDelay: 3000,
        toRetry: (error: unknown) => isDatabaseUnavailable(error),
      }),
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        try {
          await runMigrationsOnce(dataSource);
        } catch (error) {
          // The module retries the whole factory when the database was unreachable: no pool left behind.
          await dataSource.destroy().catch(() => undefined);
          throw error;
        }
        if (dataSource.options.type === 'better-sqlite3') serializeSqlite(dataSource);
        return dataSource;
      },
    }),
    TypeOrmModule.forFeature(entities),
  ],
  providers: [TransactionService, DirectReader, SeedService, AuditService],
  exports: [TypeOrmModule, TransactionService, DirectReader, AuditService],
})
export class DatabaseModule {}
