import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { DATETIME, createdAtColumn, updatedAtColumn } from '../../core/database/column-types';
import { Membership } from './membership.entity';

/**
 * One monthly charge of a membership: Mercado Pago's authorized payment (its id is unique here, so
 * however often and however concurrently it is notified it is one row), as last read from its API.
 * counted_at is claimed by a conditional UPDATE when an approved charge extends the membership: once.
 */
@Entity('membership_charges')
@Index('uq_membership_charges_provider', ['providerChargeId'], { unique: true })
@Index('ix_membership_charges_membership', ['membershipId', 'id'])
export class MembershipCharge {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'membership_id', type: 'int' })
  membershipId!: number;

  @ManyToOne(() => Membership, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'membership_id', foreignKeyConstraintName: 'fk_membership_charges_membership_id' })
  membership?: Membership;

  /** Mercado Pago's authorized payment id. */
  @Column({ name: 'provider_charge_id', type: 'varchar', length: 40 })
  providerChargeId!: string;

  /** The payment it made, when it made one (what a refund refunds). */
  @Column({ name: 'provider_payment_id', type: 'varchar', length: 40, nullable: true })
  providerPaymentId!: string | null;

  /** The authorized payment's status (scheduled, processed, recycling, cancelled). */
  @Column({ type: 'varchar', length: 20 })
  status!: string;

  /** Its payment's status (approved, rejected, refunded, …). */
  @Column({ name: 'payment_status', type: 'varchar', length: 20, nullable: true })
  paymentStatus!: string | null;

  @Column({ name: 'amount_cents', type: 'int', nullable: true })
  amountCents!: number | null;

  /** Why an approved charge did not extend the membership (currency_mismatch, amount_mismatch, not_live). */
  @Column({ type: 'varchar', length: 40, nullable: true })
  issue!: string | null;

  /** The last day of the period this charge paid for, once it extended the membership. */
  @Column({ name: 'period_end', type: 'date', nullable: true })
  periodEnd!: string | null;

  @Column({ name: 'counted_at', type: DATETIME, nullable: true })
  countedAt!: Date | null;

  /** Refunded by an admin (Membresías → Reembolsar): the period it paid, if counted, was taken back. */
  @Column({ name: 'refunded_at', type: DATETIME, nullable: true })
  refundedAt!: Date | null;

  @Column({ name: 'failure_notified_at', type: DATETIME, nullable: true })
  failureNotifiedAt!: Date | null;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;

  @UpdateDateColumn(updatedAtColumn())
  updatedAt!: Date;
}
