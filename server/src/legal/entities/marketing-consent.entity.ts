import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../auth/entities';
import { DATETIME } from '../../core/database/column-types';

/**
 * A client's opt-in to promotions (not class notices): off unless they tick it, ended with one
 * click. Every opt-in is a new row, so the history stays; the one in force has no withdrawal and
 * the marker 1 (one per user, by the unique index), as whatsapp_consents.
 */
@Entity('marketing_consents')
@Index('uq_marketing_consents_active', ['userId', 'activeMarker'], { unique: true })
@Check(
  'ck_marketing_consents_marker',
  '(withdrawn_at IS NULL AND active_marker = 1) OR (withdrawn_at IS NOT NULL AND active_marker IS NULL)',
)
export class MarketingConsent {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_marketing_consents_user' })
  user?: User;

  @Column({ name: 'consented_at', type: DATETIME })
  consentedAt!: Date;

  @Column({ name: 'ip_address', type: 'varchar', length: 45 })
  ipAddress!: string;

  @Column({ name: 'withdrawn_at', type: DATETIME, nullable: true })
  withdrawnAt!: Date | null;

  @Column({ name: 'active_marker', type: 'int', nullable: true, default: 1 })
  activeMarker!: 1 | null;
}
