import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { DATETIME, createdAtColumn } from '../../core/database/column-types';
import { NotificationEventRow } from './notification-event.entity';

/**
 * One event on one channel (e-mail now): claimed by a conditional UPDATE before it is sent, so on
 * several replicas it goes out once; a failed attempt is retried with a growing delay.
 */
@Entity('notification_deliveries')
@Index('uq_notification_deliveries_event_channel', ['eventId', 'channel'], { unique: true })
@Index('ix_notification_deliveries_due', ['sentAt', 'nextAttemptAt'])
export class NotificationDelivery {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'event_id', type: 'int' })
  eventId!: number;

  @ManyToOne(() => NotificationEventRow, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'event_id', foreignKeyConstraintName: 'fk_notification_deliveries_event' })
  event?: NotificationEventRow;

  @Column({ type: 'varchar', length: 20 })
  channel!: string;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: DATETIME })
  nextAttemptAt!: Date;

  /** A sender holds the delivery until then, so two replicas never send it twice at once. */
  @Column({ name: 'claimed_until', type: DATETIME, nullable: true })
  claimedUntil!: Date | null;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;

  @Column({ name: 'sent_at', type: DATETIME, nullable: true })
  sentAt!: Date | null;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;
}
