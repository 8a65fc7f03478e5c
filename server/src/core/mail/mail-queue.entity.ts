import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DATETIME, createdAtColumn } from '../database/column-types';
import type { MailAttachment } from './mail.service';

/** One mail, kept until the mail server has taken it; failed deliveries are retried with a growing delay. */
@Entity('mail_queue')
@Index('ix_mail_queue_due', ['sentAt', 'nextAttemptAt'])
export class MailQueueItem {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 254 })
  recipient!: string;

  @Column({ type: 'varchar', length: 255 })
  subject!: string;

  @Column({ type: 'text' })
  html!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'simple-json', nullable: true })
  attachments!: MailAttachment[] | null;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: DATETIME })
  nextAttemptAt!: Date;

  /** A sender holds the mail until then, so two replicas never send it twice at once. */
  @Column({ name: 'claimed_until', type: DATETIME, nullable: true })
  claimedUntil!: Date | null;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;

  @Column({ name: 'sent_at', type: DATETIME, nullable: true })
  sentAt!: Date | null;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;
}
