import { ClsPluginTransactional } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { DynamicModule, Global, Module } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { ClsModule } from 'nestjs-cls';
import { DataSource } from 'typeorm';
import { AuditRepository } from '../audit/audit.repository';
import { AuditService } from '../audit/audit.service';
import { AppConfig } from '../config/app-config';
import { isDatabaseUnavailable } from '../errors/database-errors';
import { dataSourceOptions, type DatabaseSchema } from './data-source-options';
import { DirectReader } from './direct-reader';
import { runMigrationsOnce } from './migrate';
import { serializeSqlite } from './sqlite-serializer';
import { optimizeSqlite, SqliteStatistics } from './sqlite-statistics';
import { TransactionService } from './transaction.service';

/** The connection, its migrations and the data-access seam (ambient transactions), for the schema the app hands in. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(schema: DatabaseSchema): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => ({
            ...dataSourceOptions(config, schema),
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
            if (dataSource.options.type === 'better-sqlite3') {
              // Statistics for the planner before the first request (the database may hold years).
              await optimizeSqlite(dataSource, true);
              serializeSqlite(dataSource);
            }
            return dataSource;
          },
        }),
        TypeOrmModule.forFeature(schema.entities),
        // The ambient transaction's host (TransactionHost), without ClsModule.forRoot: that would put
        // a guard and an interceptor on every route (the day view's path); the library opens a CLS
        // context by itself where a transaction starts.
        ClsModule.registerPlugins([
          new ClsPluginTransactional({
            adapter: new TransactionalAdapterTypeOrm({ dataSourceToken: getDataSourceToken() }),
          }),
        ]),
      ],
      providers: [TransactionService, DirectReader, AuditRepository, AuditService, SqliteStatistics],
      exports: [TypeOrmModule, TransactionService, DirectReader, AuditService],
    };
  }
}
