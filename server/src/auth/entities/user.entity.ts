import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { DATETIME, booleanTransformer } from '../../core/database/column-types';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

@Entity('users')
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

  @CreateDateColumn({ name: 'created_at', type: DATETIME })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: DATETIME })
  updatedAt!: Date;
}
