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
import { booleanTransformer, createdAtColumn, updatedAtColumn } from '../../core/database/column-types';
import { Schedule } from './schedule.entity';

export const CLASS_STATUSES = ['scheduled', 'cancelled'] as const;
export type ClassStatus = (typeof CLASS_STATUSES)[number];

/**
 * A timetable class on one date. Created when first booked or cancelled;
 * until then the slot exists only in the timetable. Unique per (schedule, date).
 */
@Entity('class_sessions')
@Index('uq_class_sessions_schedule_date', ['scheduleId', 'date'], { unique: true })
@Index('ix_class_sessions_date', ['date'])
// An instructor's classes by date.
@Index('ix_class_sessions_instructor', ['instructorId', 'date'])
// Covering index of the dashboard's occupancy (a year of classes read from the index alone).
@Index('ix_class_sessions_date_figures', [
  'date',
  'status',
  'scheduleId',
  'startTime',
  'capacity',
  'reservedCount',
  'attendedCount',
  'noShowCount',
])
@Check('ck_class_sessions_reserved', 'reserved_count >= 0 AND reserved_count <= capacity')
@Check('ck_class_sessions_status', "status IN ('scheduled', 'cancelled')")
export class ClassSession {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'schedule_id', type: 'int' })
  scheduleId!: number;

  @ManyToOne(() => Schedule, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'schedule_id', foreignKeyConstraintName: 'fk_class_sessions_schedule_id' })
  schedule?: Schedule;

  @Column({ type: 'date' })
  date!: string;

  @Column({ name: 'start_time', type: 'varchar', length: 5 })
  startTime!: string;

  @Column({ type: 'int' })
  capacity!: number;

  /** 0 ≤ reserved_count ≤ capacity (ck_class_sessions_reserved); changed only by conditional updates. */
  @Column({ name: 'reserved_count', type: 'int', default: 0 })
  reservedCount!: number;

  /** Clients in this class's waitlist (status waiting); changed only by conditional updates. */
  @Column({ name: 'waiting_count', type: 'int', default: 0 })
  waitingCount!: number;

  /**
   * Of the active reservations, those marked came and did not come: kept by the statements that mark
   * attendance or cancel a marked reservation (ReservationsRepository), like reserved_count, so the
   * owner's dashboard sums a year's classes instead of joining a year's reservations. Not loaded.
   */
  @Column({ name: 'attended_count', type: 'int', default: 0, select: false })
  attendedCount?: number;

  @Column({ name: 'no_show_count', type: 'int', default: 0, select: false })
  noShowCount?: number;

  @Column({ type: 'varchar', length: 10, default: 'scheduled' })
  status!: ClassStatus;

  /** Who teaches this class: the timetable's instructor when the row was made, kept in step with it. */
  @Column({ name: 'instructor_id', type: 'int', nullable: true })
  instructorId!: number | null;

  /** The profile's name, copied as on schedules. */
  @Column({ type: 'varchar', length: 120, nullable: true })
  instructor!: string | null;

  /** A substitute teaches this date: the instructor was set for the class, a timetable change leaves it. */
  @Column({ type: 'boolean', default: false, transformer: booleanTransformer })
  substitute!: boolean;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;

  @UpdateDateColumn(updatedAtColumn())
  updatedAt!: Date;
}
