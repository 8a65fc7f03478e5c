import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { DATETIME, createdAtColumn } from '../../core/database/column-types';
import { Membership } from './membership.entity';

/**
 * A dated pause of a membership, both days included (studio dates). Its days extend the paid
 * period (memberships.extra_days) when it is asked for; the subscription is paused at Mercado Pago
 * on its first day and resumed after its last by the memberships job (provider_paused_at and
 * provider_resumed_at, each claimed once).
 */
@Entity('membership_pauses')
@Index('ix_membership_pauses_membership', ['membershipId', 'fromDate'])
@Check('ck_membership_pauses_dates', 'to_date >= from_date AND days > 0')
export class MembershipPause {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'membership_id', type: 'int' })
  membershipId!: number;

  @ManyToOne(() => Membership, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'membership_id', foreignKeyConstraintName: 'fk_membership_pauses_membership_id' })
  membership?: Membership;

  @Column({ name: 'from_date', type: 'date' })
  fromDate!: string;

  @Column({ name: 'to_date', type: 'date' })
  toDate!: string;

  @Column({ type: 'int' })
  days!: number;

  @Column({ name: 'provider_paused_at', type: DATETIME, nullable: true })
  providerPausedAt!: Date | null;

  @Column({ name: 'provider_resumed_at', type: DATETIME, nullable: true })
  providerResumedAt!: Date | null;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;
}
