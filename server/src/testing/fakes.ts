import {
  applyChange,
  defaultSettings,
  type StudioSettings,
  type StudioSettingsChange,
} from '../core/settings/studio-settings';
import { undeclaredAuditFields } from '../core/audit/audit-fields';
import type { AuditEntryInput, AuditService } from '../core/audit/audit.service';
import type { Caller } from '../core/auth/caller';
import { FixedClock } from '../core/clock/clock';
import { StudioClock } from '../core/clock/studio-clock';
import { type AppConfig, loadConfig } from '../core/config/app-config';
import type { TransactionService } from '../core/database/transaction.service';
import type { NotificationEvent } from '../notifications/events';
import type { NotificationsService } from '../notifications/notifications.service';
import type { InMemoryDatabase } from './in-memory-database';

/**
 * Transactions over the in-memory tables: the outermost `run` snapshots them and puts them back
 * when its work throws, so a refused booking leaves no class taken from a plan, as a rollback
 * does. Nested runs join the outer one; `afterCommit` callbacks run once the outermost commits.
 */
export class InMemoryTransactions implements Pick<TransactionService, 'run' | 'afterCommit' | 'active'> {
  private depth = 0;
  private callbacks: (() => void)[] = [];
  /** How many outermost transactions rolled back (a test can tell a refusal from a no-op). */
  rollbacks = 0;

  constructor(private readonly db: InMemoryDatabase) {}

  get active(): boolean {
    return this.depth > 0;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.depth > 0) return work();
    const snapshot = this.db.snapshot();
    this.depth++;
    this.callbacks = [];
    try {
      const result = await work();
      this.depth--;
      for (const callback of this.callbacks.splice(0)) callback();
      return result;
    } catch (error) {
      this.depth--;
      this.callbacks = [];
      this.db.restore(snapshot);
      this.rollbacks++;
      throw error;
    }
  }

  afterCommit(callback: () => void): void {
    if (this.depth === 0) callback();
    else this.callbacks.push(callback);
  }
}

/** The outbox as the rules see it: each emitted event is written to the in-memory tables (and rolls back with them). */
export class RecordingNotifications implements Pick<NotificationsService, 'emit'> {
  constructor(private readonly db: InMemoryDatabase) {}

  emit(event: NotificationEvent): Promise<number> {
    this.db.events.push(structuredClone(event));
    return Promise.resolve(this.db.nextId('events'));
  }
}

/** The audit log as the rules see it: entries land in the in-memory tables. */
export class RecordingAudit implements Pick<AuditService, 'record'> {
  constructor(private readonly db: InMemoryDatabase) {}

  record(actor: Caller, entry: AuditEntryInput): Promise<void> {
    // As the real service: a field without its declaration (and label) is a bug.
    const undeclared = undeclaredAuditFields(entry.action, entry.before, entry.after);
    if (undeclared.length > 0) return Promise.reject(new Error(`Undeclared audit fields: ${undeclared.join(', ')}`));
    this.db.audit.push({ actorId: actor.id, ...structuredClone(entry) });
    return Promise.resolve();
  }
}

/** The app's configuration as a test process would load it (defaults: 12 h to cancel, a 2 h waitlist cutoff…). */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'unit-secret-unit-secret-unit-secret-0123',
    JOBS_ENABLED: '0',
    ...env,
  });
}

/** The real studio clock on a clock the test sets and moves. */
export function studioClockAt(now: Date | string, config: AppConfig = testConfig()) {
  const clock = new FixedClock(new Date(now));
  return { clock, studio: new StudioClock(clock, config), config };
}

export const client = (id: number): Caller => ({ id, role: 'user' });
export const admin = (id: number): Caller => ({ id, role: 'admin' });

/**
 * The owner's settings as a service reads them, from the configuration's first-start defaults;
 * `change` replaces some for the next read, as an admin's change on "Ajustes" does.
 */
export class FixedSettings {
  private settings: StudioSettings;

  constructor(config: AppConfig) {
    this.settings = defaultSettings(config);
  }

  current(): Promise<StudioSettings> {
    return Promise.resolve(this.settings);
  }

  latest(): StudioSettings {
    return this.settings;
  }

  change(change: StudioSettingsChange): void {
    this.settings = applyChange(this.settings, change);
  }
}
