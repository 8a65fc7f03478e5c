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
import { DATETIME, booleanTransformer, createdAtColumn, updatedAtColumn } from '../../core/database/column-types';
import { Plan } from './plan.entity';

export const USER_PLAN_SOURCES = ['admin', 'payment'] as const;
export type UserPlanSource = (typeof USER_PLAN_SOURCES)[number];

/** A plan a client holds: classes left and the dates it covers (inclusive). */
@Entity('user_plans')
@Index('ix_user_plans_user_end', ['userId', 'endDate'])
// A client's plans newest first (the id follows the index's key).
@Index('ix_user_plans_user', ['userId'])
// The dashboard's plans given in a period, read from the index alone.
@Index('ix_user_plans_created_figures', ['createdAt', 'source', 'isPaid', 'planId', 'planName'])
@Index('ix_user_plans_end', ['endDate'])
@Check('ck_user_plans_remaining', 'classes_remaining >= 0')
@Check('ck_user_plans_total', 'classes_total >= 0')
@Check('ck_user_plans_dates', 'end_date >= start_date')
@Check('ck_user_plans_source', "source IN ('admin', 'payment')")
export class UserPlan {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_user_plans_user_id' })
  user?: User;

  @Column({ name: 'plan_id', type: 'int', nullable: true })
  planId!: number | null;

  @ManyToOne(() => Plan, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'plan_id', foreignKeyConstraintName: 'fk_user_plans_plan_id' })
  plan?: Plan | null;

  /** The catalogue name when the plan was given; the catalogue may change later. */
  @Column({ name: 'plan_name', type: 'varchar', length: 80 })
  planName!: string;

  @Column({ name: 'classes_total', type: 'int' })
  classesTotal!: number;

  /** Never negative (ck_user_plans_remaining); changed only by conditional updates. */
  @Column({ name: 'classes_remaining', type: 'int' })
  classesRemaining!: number;

  @Column({ name: 'start_date', type: 'date' })
  startDate!: string;

  @Column({ name: 'end_date', type: 'date' })
  endDate!: string;

  @Column({ name: 'is_paid', type: 'boolean', default: false, transformer: booleanTransformer })
  isPaid!: boolean;

  @Column({ type: 'varchar', length: 10, default: 'admin' })
  source!: UserPlanSource;

  /** Set when the payment behind it was refunded or charged back: no further bookings from it. */
  @Column({ name: 'revoked_at', type: DATETIME, nullable: true })
  revokedAt!: Date | null;

  /** When the "your plan ends soon" mail was claimed (once per plan: by the job or an admin). */
  @Column({ name: 'ending_reminder_sent_at', type: DATETIME, nullable: true })
  endingReminderSentAt!: Date | null;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;

  @UpdateDateColumn(updatedAtColumn())
  updatedAt!: Date;
}
