import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { User } from '../../auth/entities/user.entity';
import { DATETIME } from '../../core/database/column-types';
import { Plan } from '../../planes/entities/plan.entity';
import { UserPlan } from '../../planes/entities/user-plan.entity';

/** Mercado Pago's payment statuses, plus `created` before the checkout is opened and `expired`. */
export const PAYMENT_STATUSES = [
  'created',
  'pending',
  'approved',
  'authorized',
  'in_process',
  'in_mediation',
  'rejected',
  'cancelled',
  'refunded',
  'charged_back',
  'expired',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A purchase of a catalogue plan. Our id is the preference's external_reference. */
@Entity('payments')
export class Payment {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ name: 'plan_id', type: 'int' })
  planId!: number;

  @ManyToOne(() => Plan, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'plan_id' })
  plan?: Plan;

  @Column({ name: 'plan_name', type: 'varchar', length: 80 })
  planName!: string;

  @Column({ name: 'class_count', type: 'int' })
  classCount!: number;

  @Column({ name: 'price_cents', type: 'int' })
  priceCents!: number;

  @Column({ name: 'commission_cents', type: 'int' })
  commissionCents!: number;

  @Column({ name: 'total_cents', type: 'int' })
  totalCents!: number;

  @Column({ type: 'varchar', length: 3, default: 'MXN' })
  currency!: string;

  @Column({ type: 'varchar', length: 20, default: 'created' })
  status!: PaymentStatus;

  @Column({ name: 'status_detail', type: 'varchar', length: 80, nullable: true })
  statusDetail!: string | null;

  /** Mercado Pago's payment id; unique, so one payment can create one plan only. */
  @Column({ name: 'provider_payment_id', type: 'varchar', length: 40, nullable: true })
  providerPaymentId!: string | null;

  @Column({ name: 'preference_id', type: 'varchar', length: 80, nullable: true })
  preferenceId!: string | null;

  /** The plan this payment created; unique. */
  @Column({ name: 'user_plan_id', type: 'int', nullable: true })
  userPlanId!: number | null;

  @ManyToOne(() => UserPlan, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_plan_id' })
  userPlan?: UserPlan | null;

  /** Deadline of a cash (OXXO) payment. */
  @Column({ name: 'expires_at', type: DATETIME, nullable: true })
  expiresAt!: Date | null;

  @Column({ name: 'approved_at', type: DATETIME, nullable: true })
  approvedAt!: Date | null;

  @Column({ name: 'last_checked_at', type: DATETIME, nullable: true })
  lastCheckedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: DATETIME })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: DATETIME })
  updatedAt!: Date;
}
