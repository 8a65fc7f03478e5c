import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Database, Statement } from 'better-sqlite3';
import type { Pool } from 'mysql2';
import { DataSource } from 'typeorm';
import { sqliteTurn } from './sqlite-serializer';

type Reader = (sql: string, params: readonly unknown[]) => Promise<unknown[]>;

/**
 * Plain reads straight on the driver (better-sqlite3's prepared statements, mysql2's pool), for
 * the hottest reads only: TypeORM's query path (broadcaster, logger, result objects) costs more
 * than the statement itself there. The SQL is the repository's, with `?` placeholders; on SQLite
 * each read takes its turn on the one connection like every other query (sqlite-serializer.ts),
 * so it never sees another request's open transaction. Errors are the driver's own (their `code`
 * is what database-errors.ts reads).
 */
@Injectable()
export class DirectReader {
  private reader?: Reader;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Whether the statements go to SQLite (else MySQL/MariaDB): for SQL written per dialect. */
  get isSqlite(): boolean {
    return this.dataSource.options.type === 'better-sqlite3';
  }

  all<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    this.reader ??= this.isSqlite ? this.sqliteReader() : this.mysqlReader();
    return this.reader(sql, params) as Promise<T[]>;
  }

  private sqliteReader(): Reader {
    const turn = sqliteTurn(this.dataSource);
    const statements = new Map<string, Statement>();
    const db = (): Database =>
      (this.dataSource.driver as unknown as { databaseConnection: Database }).databaseConnection;
    return async (sql, params) => {
      let statement = statements.get(sql);
      if (!statement) {
        statement = db().prepare(sql);
        statements.set(sql, statement);
      }
      const prepared = statement;
      return (await turn(() => prepared.all(...params))) as unknown[];
    };
  }

  private mysqlReader(): Reader {
    return (sql, params) => {
      const pool = (this.dataSource.driver as unknown as { pool?: Pool }).pool;
      if (!pool) return Promise.reject(new Error('Pool is closed.'));
      return new Promise((resolve, reject) =>
        pool.query(sql, params as unknown[], (error, rows) => (error ? reject(error) : resolve(rows as unknown[]))),
      );
    };
  }
}
