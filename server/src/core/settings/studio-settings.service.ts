import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AuditService, changedValues } from '../audit/audit.service';
import type { Caller } from '../auth/caller';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { TransactionService } from '../database/transaction.service';
import { ApiError, ErrorCode } from '../errors/api-error';
import { isUniqueViolation } from '../errors/database-errors';
import type { StudioSettingsRow } from './studio-settings.entity';
import { StudioSettingsRepository } from './studio-settings.repository';
import {
  applyChange,
  defaultSettings,
  flattenSettings,
  readStored,
  settingsWarnings,
  type StudioSettings,
  type StudioSettingsChange,
} from './studio-settings';

export const SECOND_REMINDER_MESSAGE =
  'El segundo recordatorio debe salir más cerca de la clase que el primero (menos horas antes).';

/** What a change did: the settings now in force, and warnings about values allowed but doubtful. */
export interface SettingsChangeResult {
  settings: StudioSettings;
  changed: boolean;
  warnings: string[];
}

/**
 * The owner's settings ("Ajustes"), in one JSON row with a version (studio_settings). Every replica
 * keeps the parsed values with their version in memory and, on each `current()`, reads only the
 * version (one primary-key read); the values are read again when it moved. So a change made on
 * any replica applies from the next request everywhere, and decisions already taken keep what
 * they were made with (a booking's deadline is stamped on it).
 */
@Injectable()
export class StudioSettingsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Ajustes');
  private readonly defaults: StudioSettings;
  private loaded: { version: number; settings: StudioSettings } | null = null;

  constructor(
    private readonly repository: StudioSettingsRepository,
    private readonly transactions: TransactionService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    this.defaults = defaultSettings(config);
  }

  /** First start: the environment's values become the stored settings (once, whatever replica starts first). */
  async onApplicationBootstrap(): Promise<void> {
    if (await this.ensureRow()) this.logger.log('Ajustes creados con los valores del entorno.');
    await this.current();
  }

  /**
   * The settings in force now. Inside a transaction it reads on that transaction's connection (on
   * SQLite a read beside it would wait for it to end).
   */
  async current(): Promise<StudioSettings> {
    const version = await this.repository.version();
    if (this.loaded && this.loaded.version === version) return this.loaded.settings;
    const row = await this.repository.read();
    if (!row) {
      // The row is written at start; a database restored from before this release has none yet.
      await this.ensureRow();
      return this.current();
    }
    return this.remember(row).settings;
  }

  /**
   * The settings this replica read last, without asking the database: for code that cannot wait
   * (a mail rendered synchronously). Requests use `current()`.
   */
  latest(): StudioSettings {
    return this.loaded?.settings ?? this.defaults;
  }

  /**
   * Applies a partial change (already validated field by field), audited with the values before
   * and after of the keys that changed. Cross-field rules are checked on the result.
   */
  async change(actor: Caller, change: StudioSettingsChange): Promise<SettingsChangeResult> {
    await this.ensureRow();
    const result = await this.transactions.run(async () => {
      // Two admins saving at once: the second waits for the first and merges over its result.
      const row = await this.repository.readForUpdate();
      const before = readStored(this.defaults, parseJson(row.settings));
      const after = applyChange(before, change);
      assertConsistent(after);
      const diff = changedValues(flattenSettings(before), flattenSettings(after));
      if (!diff) return { settings: before, changed: false, row };
      const written = await this.repository.write(row.version + 1, JSON.stringify(after), actor.id, this.clock.now());
      await this.audit.record(actor, {
        action: 'settings.update',
        entityType: 'settings',
        entityId: written.id,
        before: diff.before,
        after: diff.after,
      });
      return { settings: after, changed: true, row: written };
    });
    if (result.changed) {
      this.logger.log(`Ajustes cambiados por el usuario ${actor.id} (versión ${result.row.version}).`);
      this.remember(result.row);
    }
    return { settings: result.settings, changed: result.changed, warnings: settingsWarnings(result.settings) };
  }

  /** Warnings about the settings in force (shown on the page when it opens). */
  warningsOf(settings: StudioSettings): string[] {
    return settingsWarnings(settings);
  }

  private remember(row: StudioSettingsRow): { version: number; settings: StudioSettings } {
    const loaded = { version: row.version, settings: readStored(this.defaults, parseJson(row.settings)) };
    // A slower read of an older version never replaces a newer one.
    if (!this.loaded || this.loaded.version <= loaded.version) this.loaded = loaded;
    return loaded;
  }

  /** Writes the first-start row when there is none; true when this call wrote it. */
  private async ensureRow(): Promise<boolean> {
    if (await this.repository.exists()) return false;
    try {
      await this.repository.insertFirst(JSON.stringify(this.defaults), this.clock.now());
      return true;
    } catch (error) {
      // Another replica starting at the same moment wrote it first.
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Rules between settings, checked on the settings a change would leave. */
function assertConsistent(settings: StudioSettings): void {
  if (settings.secondReminderHours !== null && settings.secondReminderHours >= settings.reminderHours) {
    throw new ApiError(ErrorCode.VALIDATION_ERROR, { secondReminderHours: [SECOND_REMINDER_MESSAGE] });
  }
}
