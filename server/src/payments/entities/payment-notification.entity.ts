import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { DATETIME, createdAtColumn, updatedAtColumn } from '../../core/database/column-types';

export const NOTIFICATION_TOPICS = ['payment', 'chargeback', 'preapproval', 'authorized_payment'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/**
 * A Mercado Pago notification, stored before it is processed: one row per resource (a payment or
 * a chargeback), reopened when the resource is notified again. Processed at once in the
 * background; a sweep retries failures with a growing delay, each row claimed by one replica.
 */
@Entity('payment_notifications')
@Index('uq_payment_notifications_resource', ['topic', 'resourceId'], { unique: true })
@Index('ix_payment_notifications_due', ['processedAt', 'nextAttemptAt'])
export class PaymentNotification {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 20 })
  topic!: NotificationTopic;

  @Column({ name: 'resource_id', type: 'varchar', length: 40 })
  resourceId!: string;

  /** How many times it arrived; a processor marks it done only if none arrived meanwhile. */
  @Column({ type: 'int', default: 1 })
  received!: number;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: DATETIME })
  nextAttemptAt!: Date;

  @Column({ name: 'claimed_until', type: DATETIME, nullable: true })
  claimedUntil!: Date | null;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;

  @Column({ name: 'processed_at', type: DATETIME, nullable: true })
  processedAt!: Date | null;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;

  @UpdateDateColumn(updatedAtColumn())
  updatedAt!: Date;
}
