import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DATETIME } from '../../core/database/column-types';

/**
 * One unknown or inactive code tried, by account and address: guessing codes is limited per
 * account and per address (like login_failures per email). Old rows are ignored.
 */
@Entity('promo_code_attempts')
@Index('ix_promo_code_attempts_user', ['userId', 'createdAt'])
@Index('ix_promo_code_attempts_address', ['address', 'createdAt'])
export class PromoCodeAttempt {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @Column({ type: 'varchar', length: 64 })
  address!: string;

  /** Set from the injected clock, so tests can move time. */
  @Column({ name: 'created_at', type: DATETIME })
  createdAt!: Date;
}
