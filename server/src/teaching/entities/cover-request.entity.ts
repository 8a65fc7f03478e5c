import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../auth/entities';
import { DATETIME, createdAtColumn } from '../../core/database/column-types';
import { Instructor } from '../../instructors/entities';
import { Schedule } from '../../reservations/entities';

export const COVER_REQUEST_STATUSES = ['open', 'approved', 'declined', 'withdrawn'] as const;
export type CoverRequestStatus = (typeof COVER_REQUEST_STATUSES)[number];

/**
 * An instructor's request for a substitute for one class (a timetable entry on a date). Open until
 * the owner approves it (naming the substitute, SubstitutesService) or declines it, or the
 * instructor withdraws it. One open request per class: `open_marker` is 1 while open, NULL after.
 */
@Entity('cover_requests')
@Index('uq_cover_requests_open', ['scheduleId', 'classDate', 'openMarker'], { unique: true })
@Index('ix_cover_requests_open_date', ['openMarker', 'classDate'])
@Index('ix_cover_requests_instructor', ['instructorId', 'classDate'])
@Check(
  'ck_cover_requests_status',
  "(status = 'open' AND open_marker = 1) OR (status IN ('approved', 'declined', 'withdrawn') AND open_marker IS NULL)",
)
export class CoverRequest {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'schedule_id', type: 'int' })
  scheduleId!: number;

  @ManyToOne(() => Schedule, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'schedule_id', foreignKeyConstraintName: 'fk_cover_requests_schedule_id' })
  schedule?: Schedule;

  @Column({ name: 'class_date', type: 'date' })
  classDate!: string;

  /** The profile of the instructor who asked (the class's instructor then). */
  @Column({ name: 'instructor_id', type: 'int' })
  instructorId!: number;

  @ManyToOne(() => Instructor, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'instructor_id', foreignKeyConstraintName: 'fk_cover_requests_instructor_id' })
  instructor?: Instructor;

  /** The account that asked. */
  @Column({ name: 'requested_by', type: 'int' })
  requestedBy!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'requested_by', foreignKeyConstraintName: 'fk_cover_requests_requested_by' })
  requester?: User;

  /** A short note for the owner (up to 200 characters). */
  @Column({ type: 'varchar', length: 200, nullable: true })
  note!: string | null;

  @Column({ type: 'varchar', length: 10, default: 'open' })
  status!: CoverRequestStatus;

  /** 1 while open, NULL once decided or withdrawn (uq_cover_requests_open). */
  @Column({ name: 'open_marker', type: 'int', nullable: true, default: 1 })
  openMarker!: number | null;

  /** The substitute the owner named on approval. */
  @Column({ name: 'substitute_id', type: 'int', nullable: true })
  substituteId!: number | null;

  @ManyToOne(() => Instructor, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'substitute_id', foreignKeyConstraintName: 'fk_cover_requests_substitute_id' })
  substitute?: Instructor | null;

  /** Who approved, declined or withdrew it. */
  @Column({ name: 'decided_by', type: 'int', nullable: true })
  decidedBy!: number | null;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'decided_by', foreignKeyConstraintName: 'fk_cover_requests_decided_by' })
  decider?: User | null;

  @Column({ name: 'decided_at', type: DATETIME, nullable: true })
  decidedAt!: Date | null;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;
}
