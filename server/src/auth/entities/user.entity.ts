import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { booleanTransformer, toDate, createdAtColumn, updatedAtColumn } from '../../core/database/column-types';
import { Spot } from '../../sala/entities';

import type { Role } from '../../core/auth/caller';

export { ROLES, type Role } from '../../core/auth/caller';

@Entity('users')
@Index('uq_users_email', ['email'], { unique: true })
@Index('uq_users_calendar_token', ['calendarToken'], { unique: true })
// New clients of a period (the dashboard) read from the index alone.
@Index('ix_users_created_role', ['createdAt', 'role'])
// A users search under 3 characters scans this narrow index, not the rows with their password hashes.
@Index('ix_users_search', ['name', 'email'])
@Check('ck_users_role', "role IN ('user', 'admin', 'instructor')")
export class User {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  /** Trimmed and lower-cased before it is stored; unique (uq_users_email). */
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 30, nullable: true })
  phone!: string | null;

  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash!: string;

  /** `cumpleanos` at the API edge; YYYY-MM-DD. */
  @Column({ name: 'birth_date', type: 'date' })
  birthDate!: string;

  @Column({ type: 'varchar', length: 10, default: 'user' })
  role!: Role;

  @Column({ type: 'boolean', default: true, transformer: booleanTransformer })
  active!: boolean;

  /** Bumped to end every session of the user (password reset, deactivation). */
  @Column({ name: 'session_version', type: 'int', default: 0 })
  sessionVersion!: number;

  /** Secret of the personal calendar feed; null when revoked or never created. */
  @Column({ name: 'calendar_token', type: 'varchar', length: 64, nullable: true })
  calendarToken!: string | null;

  /**
   * Classes attended and no-shows over the user's active reservations, kept by the statements that
   * mark attendance or cancel a marked reservation (ReservationsRepository), so Usuarios and Mis
   * clases read two numbers instead of a client's whole history. Not loaded with the user.
   */
  @Column({ name: 'attended_count', type: 'int', default: 0, select: false })
  attendedCount?: number;

  @Column({ name: 'no_show_count', type: 'int', default: 0, select: false })
  noShowCount?: number;

  /** The reformer "Cualquiera" gives the client first when it is free; null: none chosen. */
  @Column({ name: 'favourite_spot_id', type: 'int', nullable: true })
  favouriteSpotId!: number | null;

  @ManyToOne(() => Spot, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'favourite_spot_id', foreignKeyConstraintName: 'fk_users_favourite_spot_id' })
  favouriteSpot?: Spot | null;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;

  @UpdateDateColumn(updatedAtColumn())
  updatedAt!: Date;
}

/** A `users` row as both drivers return it from plain SQL. */
export interface UserRow {
  id: number | string;
  name: string;
  email: string;
  phone: string | null;
  password_hash: string;
  birth_date: string | Date;
  role: Role;
  active: number | boolean | string;
  session_version: number | string;
  calendar_token: string | null;
  favourite_spot_id?: number | string | null;
  created_at: string | Date;
  updated_at: string | Date;
}

/** The entity of a plain-SQL row: for the per-request session lookup, where TypeORM's hydration costs most. */
export function userFromRow(row: UserRow): User {
  return Object.assign(new User(), {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    phone: row.phone ?? null,
    passwordHash: row.password_hash,
    birthDate: row.birth_date instanceof Date ? row.birth_date.toISOString().slice(0, 10) : row.birth_date,
    role: row.role,
    active: Number(row.active) === 1 || row.active === true,
    sessionVersion: Number(row.session_version),
    calendarToken: row.calendar_token ?? null,
    favouriteSpotId:
      row.favourite_spot_id === null || row.favourite_spot_id === undefined ? null : Number(row.favourite_spot_id),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  });
}
