import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../auth/entities';
import { createdAtColumn } from '../../core/database/column-types';
import type { EventPayloads, EventType } from '../events';

/**
 * The outbox: one domain event to notify ("reservation.confirmed", "waitlist.promoted", …), written
 * in the same transaction as the change it reports, so it exists exactly when that change does.
 * Its deliveries (one per channel) say what has been sent.
 */
@Entity('notification_events')
export class NotificationEventRow {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 40 })
  type!: EventType;

  /** The user it is for, when it is for an account (a channel may read their settings). */
  @Column({ name: 'recipient_user_id', type: 'int', nullable: true })
  recipientUserId!: number | null;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'recipient_user_id', foreignKeyConstraintName: 'fk_notification_events_user' })
  recipientUser?: User;

  @Column({ name: 'recipient_email', type: 'varchar', length: 254 })
  recipientEmail!: string;

  @Column({ name: 'recipient_name', type: 'varchar', length: 120 })
  recipientName!: string;

  /** The event's own data, from which each channel renders its message. */
  @Column({ type: 'simple-json' })
  payload!: EventPayloads[EventType];

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;
}
