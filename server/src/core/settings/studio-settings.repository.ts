import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { DirectReader } from '../database/direct-reader';
import { StudioSettingsRow } from './studio-settings.entity';

/** The one row's id. */
const SETTINGS_ID = 1;
const VERSION_SQL = 'SELECT version FROM studio_settings WHERE id = ?';

/**
 * The studio_settings row. Every statement runs on the ambient transaction when there is one (on
 * SQLite a read beside an open transaction would wait for it to end).
 */
@Injectable()
export class StudioSettingsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly direct: DirectReader,
  ) {}

  private get rows() {
    return this.txHost.tx.getRepository(StudioSettingsRow);
  }

  /**
   * The version only: one primary-key read per request, straight on the driver (it runs on every
   * day view and booking: TypeORM's query path would cost more than the statement); inside a
   * transaction on its connection. Null when there is no row yet.
   */
  async version(): Promise<number | null> {
    if (this.txHost.isTransactionActive()) {
      const head = await this.rows.findOne({ select: { version: true }, where: { id: SETTINGS_ID } });
      return head?.version ?? null;
    }
    const [head] = await this.direct.all<{ version: unknown }>(VERSION_SQL, [SETTINGS_ID]);
    return head ? Number(head.version) : null;
  }

  read(): Promise<StudioSettingsRow | null> {
    return this.rows.findOneBy({ id: SETTINGS_ID });
  }

  /** The row, locked until the transaction ends (MySQL; SQLite runs one transaction at a time). */
  readForUpdate(): Promise<StudioSettingsRow> {
    const query = this.rows.createQueryBuilder('s').where('s.id = :id', { id: SETTINGS_ID });
    const isSqlite = this.txHost.tx.connection.options.type === 'better-sqlite3';
    return (isSqlite ? query : query.setLock('pessimistic_write')).getOneOrFail();
  }

  exists(): Promise<boolean> {
    return this.rows.existsBy({ id: SETTINGS_ID });
  }

  async insertFirst(settings: string, at: Date): Promise<void> {
    await this.rows.insert({ id: SETTINGS_ID, version: 1, settings, updatedBy: null, updatedAt: at });
  }

  /** Writes a new version of the settings; returns the row as written. */
  async write(version: number, settings: string, updatedBy: number, at: Date): Promise<StudioSettingsRow> {
    const row = Object.assign(new StudioSettingsRow(), {
      id: SETTINGS_ID,
      version,
      settings,
      updatedBy,
      updatedAt: at,
    });
    await this.rows.save(row);
    return row;
  }
}
