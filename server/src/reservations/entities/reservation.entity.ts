import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../auth/entities';
import { booleanTransformer, DATETIME, createdAtColumn } from '../../core/database/column-types';
import { UserPlan } from '../../planes/entities';
import { Spot } from '../../sala/entities';
import { ClassSession } from './class-session.entity';

export const RESERVATION_STATUSES = ['active', 'cancelled'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

@Entity('reservations')
// One active reservation per class and user: cancelled rows have a NULL marker.
@Index('uq_reservations_active', ['classSessionId', 'userId', 'activeMarker'], { unique: true })
// One active reservation per reformer and class: the database itself refuses a shared reformer.
@Index('uq_reservations_spot', ['classSessionId', 'spotId', 'activeMarker'], { unique: true })
// A client's reservations in class date order (Mis clases) and their attendance, from the index alone.
@Index('ix_reservations_user_class', ['userId', 'status', 'classDate', 'attended'])
@Index('ix_reservations_user_plan', ['userPlanId'])
// The dashboard's attendance and the clients export's bookings of a period, from the index alone.
@Index('ix_reservations_session_attendance_user', ['classSessionId', 'status', 'attended', 'userId'])
@Check('ck_reservations_status', "status IN ('active', 'cancelled')")
@Check(
  'ck_reservations_marker',
  "(status = 'active' AND active_marker = 1) OR (status = 'cancelled' AND active_marker IS NULL)",
)
// A class from a plan, or a walk-in paid at the studio without one.
@Check(
  'ck_reservations_plan_or_studio',
  '(user_plan_id IS NOT NULL AND paid_at_studio = 0) OR (user_plan_id IS NULL AND paid_at_studio = 1)',
)
export class Reservation {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'class_session_id', type: 'int' })
  classSessionId!: number;

  @ManyToOne(() => ClassSession, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'class_session_id', foreignKeyConstraintName: 'fk_reservations_class_session_id' })
  classSession?: ClassSession;

  /**
   * The class's date (class_sessions.date never changes), written with the reservation so a
   * client's classes are read in date order from ix_reservations_user_class. NULL only on rows
   * written around the app (the migration filled the older ones); "Mis clases" then sorts them all.
   */
  @Column({ name: 'class_date', type: 'date', nullable: true })
  classDate!: string | null;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_reservations_user_id' })
  user?: User;

  /** The plan the class was taken from; a cancellation returns it there. NULL for a walk-in paid at the studio. */
  @Column({ name: 'user_plan_id', type: 'int', nullable: true })
  userPlanId!: number | null;

  @ManyToOne(() => UserPlan, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'user_plan_id', foreignKeyConstraintName: 'fk_reservations_user_plan_id' })
  userPlan?: UserPlan;

  /** A walk-in with no plan covering the date: paid at the studio ("Pagado en estudio"). */
  @Column({ name: 'paid_at_studio', type: 'boolean', default: false, transformer: booleanTransformer })
  paidAtStudio!: boolean;

  /** The reformer booked; NULL on reservations made before the room was drawn. */
  @Column({ name: 'spot_id', type: 'int', nullable: true })
  spotId!: number | null;

  @ManyToOne(() => Spot, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'spot_id', foreignKeyConstraintName: 'fk_reservations_spot_id' })
  spot?: Spot | null;

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

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'cancelled_by', foreignKeyConstraintName: 'fk_reservations_cancelled_by' })
  cancelledByUser?: User | null;

  /**
   * Set when a promotion from the waitlist came after the free-cancellation deadline: until then
   * the client may still cancel and get the class back (WAITLIST_GRACE_MINUTES).
   */
  @Column({ name: 'cancel_grace_until', type: DATETIME, nullable: true })
  cancelGraceUntil!: Date | null;

  /**
   * The cancellation window (hours before the class) the booking was sold with: a later change of
   * the policy never moves its deadline. NULL only on rows written around the app (current policy).
   */
  @Column({ name: 'cancel_hours', type: 'int', nullable: true })
  cancelHours!: number | null;

  /** The client released the place after the deadline ("Liberar lugar"): the class was not returned. */
  @Column({ name: 'late_released_at', type: DATETIME, nullable: true })
  lateReleasedAt!: Date | null;

  /** An admin forgave a late release or a no-show ("Perdonar"): when, who and why. */
  @Column({ name: 'forgiven_at', type: DATETIME, nullable: true })
  forgivenAt!: Date | null;

  @Column({ name: 'forgiven_by', type: 'int', nullable: true })
  forgivenBy!: number | null;

  @Column({ name: 'forgive_reason', type: 'varchar', length: 200, nullable: true })
  forgiveReason!: string | null;

  /** Whether forgiving it gave the class back (false: the plan had ended); NULL while not forgiven. */
  @Column({ name: 'forgive_returned', type: 'boolean', nullable: true, transformer: booleanTransformer })
  forgiveReturned!: boolean | null;

  /** Marked at the door: NULL until marked, true = came, false = did not come. */
  @Column({ type: 'boolean', nullable: true, transformer: booleanTransformer })
  attended!: boolean | null;

  @Column({ name: 'attendance_marked_at', type: DATETIME, nullable: true })
  attendanceMarkedAt!: Date | null;

  @Column({ name: 'attendance_marked_by', type: 'int', nullable: true })
  attendanceMarkedBy!: number | null;

  @Column({ name: 'reminder_sent_at', type: DATETIME, nullable: true })
  reminderSentAt!: Date | null;

  /** Its calendar event's revision (SEQUENCE): raised with each change a calendar must follow. */
  @Column({ name: 'calendar_sequence', type: 'int', default: 0 })
  calendarSequence!: number;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;
}
