import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/**
 * Rows ANALYZE reads per index: its statistics come from a sample, so refreshing those of a table of
 * years of reservations takes milliseconds, not the whole table's scan (better-sqlite3 runs it on
 * the event loop, and the app has one connection).
 */
export const SQLITE_ANALYSIS_LIMIT = 400;

/**
 * SQLite keeps no statistics by itself, and without them its planner guesses: it once walked every
 * reservation of a client through (user_id, status) for a day view. `PRAGMA optimize` runs ANALYZE
 * on the tables whose statistics are missing or whose size changed tenfold since, and nothing
 * otherwise. `atOpen`: the documented form for a connection just opened (0x10000: every table, not
 * only those this connection has used yet); later runs look at the tables the app's statements use.
 * MySQL/MariaDB need none of this: InnoDB keeps its statistics itself.
 */
export async function optimizeSqlite(dataSource: DataSource, atOpen: boolean): Promise<void> {
  if (atOpen) await dataSource.query(`PRAGMA analysis_limit = ${SQLITE_ANALYSIS_LIMIT}`);
  await dataSource.query(atOpen ? 'PRAGMA optimize = 0x10002' : 'PRAGMA optimize');
}

/** The periodic half of optimizeSqlite (the start runs the first, before the app serves). */
@Injectable()
export class SqliteStatistics {
  private readonly logger = new Logger('SqliteStatistics');

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The hourly job `sqlite-optimize`. Usually instant (nothing changed tenfold); it takes its turn on
   * the connection like any query, so it never lands inside a request's transaction.
   */
  async refresh(): Promise<void> {
    if (this.dataSource.options.type !== 'better-sqlite3') return;
    try {
      await optimizeSqlite(this.dataSource, false);
    } catch (error) {
      this.logger.warn(`PRAGMA optimize falló: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
