import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the off-site backup and the restore drill last did. They run outside the app (the compose
 * `backup` service, `npm run backup:offsite`, `npm run backup:drill`) and write one JSON file each
 * into DATA_DIR/status; the app reads them for its metrics, its alerts and the dashboard.
 */
export const STATUS_FOLDER = 'status';
export const OFFSITE_STATUS_FILE = 'offsite-backup.json';
export const DRILL_STATUS_FILE = 'restore-drill.json';

export interface OffsiteBackupStatus {
  /** When the newest off-site backup finished (null: none yet). */
  lastSuccessAt: Date | null;
  /** The last attempt that failed, and why, when it came after the last success. */
  lastFailureAt: Date | null;
  lastError: string | null;
}

export interface RestoreDrillStatus {
  at: Date;
  ok: boolean;
  /** One line: what was checked, or what failed. */
  detail: string;
}

const readJson = (file: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

const dateOrNull = (value: unknown): Date | null => {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

export function readOffsiteStatus(dataDir: string): OffsiteBackupStatus {
  const json = readJson(join(dataDir, STATUS_FOLDER, OFFSITE_STATUS_FILE));
  return {
    lastSuccessAt: dateOrNull(json?.lastSuccessAt),
    lastFailureAt: dateOrNull(json?.lastFailureAt),
    lastError: typeof json?.lastError === 'string' ? json.lastError : null,
  };
}

export function readDrillStatus(dataDir: string): RestoreDrillStatus | null {
  const json = readJson(join(dataDir, STATUS_FOLDER, DRILL_STATUS_FILE));
  const at = dateOrNull(json?.at);
  if (!json || !at || typeof json.ok !== 'boolean') return null;
  return { at, ok: json.ok, detail: typeof json.detail === 'string' ? json.detail : '' };
}
