import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../auth/entities/user.entity';
import { booleanTransformer, DATETIME } from '../../core/database/column-types';
import { UserPlan } from '../../planes/entities/user-plan.entity';
import { ClassSession } from './class-session.entity';

export const RESERVATION_STATUSES = ['active', 'cancelled'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

@Entity('reservations')
export class Reservation {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'class_session_id', type: 'int' })
  classSessionId!: number;

  @ManyToOne(() => ClassSession, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'class_session_id' })
  classSession?: ClassSession;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** The plan the class was taken from; a cancellation returns it there. NULL for a walk-in paid at the studio. */
  @Column({ name: 'user_plan_id', type: 'int', nullable: true })
  userPlanId!: number | null;

  @ManyToOne(() => UserPlan, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'user_plan_id' })
  userPlan?: UserPlan;

  /** A walk-in with no plan covering the date: paid at the studio ("Pagado en estudio"). */
  @Column({ name: 'paid_at_studio', type: 'boolean', default: false, transformer: booleanTransformer })
  paidAtStudio!: boolean;

  @Column({ type: 'varchar', length: 10, default: 'active' })
  status!: ReservationStatus;

  /**
   * 1 while active, NULL once cancelled. The unique index on
   * (class_session_id, user_id, active_marker) allows one active reservation per
   * class and user on both MySQL and SQLite (NULLs never collide), keeping history.
   */
  @Column({ name: 'active_marker', type: 'int', nullable: true, default: 1 })
  activeMarker!: number | null;

  @Column({ name: 'cancelled_at', type: DATETIME, nullable: true })
  cancelledAt!: Date | null;

  @Column({ name: 'cancelled_by', type: 'int', nullable: true })
  cancelledBy!: number | null;

  /**
   * Set when a promotion from the waitlist came after the free-cancellation deadline: until then
   * the client may still cancel and get the class back (WAITLIST_GRACE_MINUTES).
   */
  @Column({ name: 'cancel_grace_until', type: DATETIME, nullable: true })
  cancelGraceUntil!: Date | null;

  /** Marked at the door: NULL until marked, true = came, false = did not come. */
  @Column({ type: 'boolean', nullable: true, transformer: booleanTransformer })
  attended!: boolean | null;

  @Column({ name: 'attendance_marked_at', type: DATETIME, nullable: true })
  attendanceMarkedAt!: Date | null;

  @Column({ name: 'attendance_marked_by', type: 'int', nullable: true })
  attendanceMarkedBy!: number | null;

  @Column({ name: 'reminder_sent_at', type: DATETIME, nullable: true })
  reminderSentAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: DATETIME })
  createdAt!: Date;
}
