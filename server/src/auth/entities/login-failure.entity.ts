import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DATETIME } from '../../core/database/column-types';

/** One failed login for an email; rows older than the lock window are ignored and pruned. */
@Entity('login_failures')
@Index('ix_login_failures_email_created', ['email', 'createdAt'])
export class LoginFailure {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /** Set from the injected clock, so tests can move time. */
  @Column({ name: 'created_at', type: DATETIME })
  createdAt!: Date;
}
