import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../auth/entities';
import { DATETIME } from '../../core/database/column-types';
import { ClassSession } from './class-session.entity';

/**
 * waiting: in line. promoted: booked when a place freed. skipped: could not be booked when their
 * turn came (reason says why). left: the client left. removed: an admin took them off. closed: the
 * list closed (WAITLIST_CUTOFF_HOURS before the class) or the class was cancelled.
 */
export const WAITLIST_STATUSES = ['waiting', 'promoted', 'skipped', 'left', 'removed', 'closed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** One client waiting for a place in one full class; the order of the line is the id's. */
@Entity('waitlist_entries')
// One waiting entry per class and client: ended rows have a NULL marker.
@Index('uq_waitlist_waiting', ['classSessionId', 'userId', 'waitingMarker'], { unique: true })
@Index('ix_waitlist_class_status', ['classSessionId', 'status'])
@Index('ix_waitlist_user_status', ['userId', 'status'])
export class WaitlistEntry {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'class_session_id', type: 'int' })
  classSessionId!: number;

  @ManyToOne(() => ClassSession, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'class_session_id', foreignKeyConstraintName: 'fk_waitlist_class' })
  classSession?: ClassSession;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_waitlist_user' })
  user?: User;

  @Column({ type: 'varchar', length: 10, default: 'waiting' })
  status!: WaitlistStatus;

  /** 1 while waiting, NULL after: the unique index allows one waiting entry per class and client. */
  @Column({ name: 'waiting_marker', type: 'int', nullable: true, default: 1 })
  waitingMarker!: number | null;

  /** Why the entry ended when it was skipped or closed (e.g. no_classes_left, cutoff, class_cancelled). */
  @Column({ type: 'varchar', length: 40, nullable: true })
  reason!: string | null;

  /** The reservation a promotion made. */
  @Column({ name: 'reservation_id', type: 'int', nullable: true })
  reservationId!: number | null;

  @Column({ name: 'created_at', type: DATETIME })
  createdAt!: Date;

  @Column({ name: 'ended_at', type: DATETIME, nullable: true })
  endedAt!: Date | null;
}
