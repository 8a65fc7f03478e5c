import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DATETIME } from '../database/column-types';

/** The one row of the owner's settings ("Ajustes"): the values as JSON, and a version every change raises. */
@Entity('studio_settings')
export class StudioSettingsRow {
  /** Always 1: one row for the whole studio. */
  @PrimaryColumn({ type: 'int' })
  id!: number;

  /** Raised by one on every change: replicas re-read the values only when it moved. */
  @Column({ type: 'int' })
  version!: number;

  /** The settings as JSON (studio-settings.ts), read over the defaults. */
  @Column({ type: 'text' })
  settings!: string;

  /** Who changed them last; null for the first-start defaults. */
  @Column({ name: 'updated_by', type: 'int', nullable: true })
  updatedBy!: number | null;

  /** Written by each change itself (no ON UPDATE: the row is only ever written by StudioSettingsService). */
  @Column({ name: 'updated_at', type: DATETIME, precision: null, default: () => 'CURRENT_TIMESTAMP' })
  updatedAt!: Date;
}
