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
import { User } from '../../auth/entities';
import { DATETIME, createdAtColumn, updatedAtColumn } from '../../core/database/column-types';
import { Plan, UserPlan } from '../../planes/entities';

export const MEMBERSHIP_STATUSES = ['pending', 'active', 'paused', 'past_due', 'cancelled'] as const;
/**
 * pending: subscribed, first charge not approved yet; active: paid; paused: paused at Mercado Pago;
 * past_due: a charge failed ("Pago pendiente"); cancelled: no more charges (it books until paid_through).
 */
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/**
 * A client's membership: a Mercado Pago subscription (preapproval) charged every month, behind the
 * plan the client holds (user_plan_id, created by the first approved charge). Each approved charge
 * adds one period after the anchor date; paid_through is the last day paid.
 */
@Entity('memberships')
@Index('uq_memberships_reference', ['reference'], { unique: true })
@Index('uq_memberships_preapproval', ['preapprovalId'], { unique: true })
@Index('ix_memberships_user', ['userId', 'id'])
@Index('ix_memberships_status', ['status', 'pastDueSince'])
@Index('ix_memberships_user_plan', ['userPlanId'])
@Check('ck_memberships_status', "status IN ('pending', 'active', 'paused', 'past_due', 'cancelled')")
@Check('ck_memberships_amounts', 'price_cents >= 0 AND total_cents >= price_cents')
export class Membership {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_memberships_user_id' })
  user?: User;

  @Column({ name: 'plan_id', type: 'int', nullable: true })
  planId!: number | null;

  @ManyToOne(() => Plan, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'plan_id', foreignKeyConstraintName: 'fk_memberships_plan_id' })
  plan?: Plan | null;

  /** The catalogue's name and weekly limit when subscribed; the catalogue may change later. */
  @Column({ name: 'plan_name', type: 'varchar', length: 80 })
  planName!: string;

  @Column({ name: 'weekly_limit', type: 'int', nullable: true })
  weeklyLimit!: number | null;

  @Column({ name: 'price_cents', type: 'int' })
  priceCents!: number;

  @Column({ name: 'commission_cents', type: 'int' })
  commissionCents!: number;

  /** What each monthly charge must be, in centavos (price plus commission). */
  @Column({ name: 'total_cents', type: 'int' })
  totalCents!: number;

  /** Our `external_reference`: `pilates-<uuid>`. */
  @Column({ type: 'varchar', length: 60 })
  reference!: string;

  @Column({ name: 'preapproval_id', type: 'varchar', length: 80, nullable: true })
  preapprovalId!: string | null;

  @Column({ type: 'varchar', length: 12, default: 'pending' })
  status!: MembershipStatus;

  /** The subscription's status at Mercado Pago as last read (pending, authorized, paused, cancelled). */
  @Column({ name: 'provider_status', type: 'varchar', length: 20, nullable: true })
  providerStatus!: string | null;

  @Column({ name: 'user_plan_id', type: 'int', nullable: true })
  userPlanId!: number | null;

  @ManyToOne(() => UserPlan, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_plan_id', foreignKeyConstraintName: 'fk_memberships_user_plan_id' })
  userPlan?: UserPlan | null;

  /** The day the first charge was approved (studio date): periods count from it. */
  @Column({ name: 'anchor_date', type: 'date', nullable: true })
  anchorDate!: string | null;

  @Column({ name: 'periods_paid', type: 'int', default: 0 })
  periodsPaid!: number;

  @Column({ name: 'paid_through', type: 'date', nullable: true })
  paidThrough!: string | null;

  /** Days added to the paid period by the client's pauses (paid_through = anchor + periods + extra_days). */
  @Column({ name: 'extra_days', type: 'int', default: 0 })
  extraDays!: number;

  /** Cancelled: the last day it still holds (the paid period's end when it was cancelled). */
  @Column({ name: 'cancels_on', type: 'date', nullable: true })
  cancelsOn!: string | null;

  /** When a charge failed and none has been approved since. */
  @Column({ name: 'past_due_since', type: DATETIME, nullable: true })
  pastDueSince!: Date | null;

  @Column({ name: 'cancelled_at', type: DATETIME, nullable: true })
  cancelledAt!: Date | null;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;

  @UpdateDateColumn(updatedAtColumn())
  updatedAt!: Date;
}
