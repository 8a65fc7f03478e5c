import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../auth/entities';
import { DATETIME, createdAtColumn } from '../../core/database/column-types';
import { Spot } from '../../sala/entities';
import { ClassSession } from './class-session.entity';

/**
 * A reformer held for a client while they pay for a plan in Mercado Pago's checkout (the booking
 * dialog's "Contrata un plan"): until `expires_at` (15 minutes) nobody else books it, and it counts
 * against the class's places for everyone but its holder. The approved payment books it and sets
 * `consumed_at` (and the reservation); a refused booking or a newer checkout of the same client
 * ends it by moving `expires_at` to that moment. An expired hold needs no write to end: every read
 * asks `expires_at > now AND consumed_at IS NULL`; the spot-holds job then settles it (sets
 * `consumed_at`, reservation NULL) and gives its place to the class's waitlist. The day view reads a date's live holds through
 * ix_spot_holds_date; bookings and the room's choices a class's through ix_spot_holds_class.
 */
@Entity('spot_holds')
@Index('uq_spot_holds_payment', ['paymentId'], { unique: true })
@Index('ix_spot_holds_date', ['date', 'expiresAt'])
@Index('ix_spot_holds_class', ['classSessionId', 'expiresAt'])
@Index('ix_spot_holds_user', ['userId', 'expiresAt'])
// The spot-holds job's read: holds that ended without a booking, not yet settled.
@Index('ix_spot_holds_open', ['consumedAt', 'expiresAt'])
export class SpotHold {
  @PrimaryGeneratedColumn()
  id!: number;

  /** The purchase (payments.id) whose approval books it. */
  @Column({ name: 'payment_id', type: 'int' })
  paymentId!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_spot_holds_user_id' })
  user?: User;

  @Column({ name: 'class_session_id', type: 'int' })
  classSessionId!: number;

  @ManyToOne(() => ClassSession, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'class_session_id', foreignKeyConstraintName: 'fk_spot_holds_class_session_id' })
  classSession?: ClassSession;

  /** The class's date and timetable entry, as the checkout named them. */
  @Column({ type: 'date' })
  date!: string;

  @Column({ name: 'schedule_id', type: 'int' })
  scheduleId!: number;

  @Column({ name: 'spot_id', type: 'int' })
  spotId!: number;

  @ManyToOne(() => Spot, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'spot_id', foreignKeyConstraintName: 'fk_spot_holds_spot_id' })
  spot?: Spot;

  @Column({ name: 'expires_at', type: DATETIME })
  expiresAt!: Date;

  /** When it was booked, or settled by the job once ended; NULL while held (and until settled). */
  @Column({ name: 'consumed_at', type: DATETIME, nullable: true })
  consumedAt!: Date | null;

  /** The reservation the approval made; NULL until then, or when that booking was refused. */
  @Column({ name: 'reservation_id', type: 'int', nullable: true })
  reservationId!: number | null;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;
}
