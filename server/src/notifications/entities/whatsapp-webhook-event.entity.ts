import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DATETIME, createdAtColumn } from '../../core/database/column-types';

/**
 * A signed POST of Meta's webhook, stored as it came before it is processed: the SHA-256 of its
 * raw body is unique, so a replay is stored (and processed) once.
 */
@Entity('whatsapp_webhook_events')
@Index('uq_whatsapp_webhook_events_hash', ['bodyHash'], { unique: true })
export class WhatsAppWebhookEvent {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'body_hash', type: 'varchar', length: 64 })
  bodyHash!: string;

  @Column({ type: 'text' })
  body!: string;

  @Column({ name: 'processed_at', type: DATETIME, nullable: true })
  processedAt!: Date | null;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;
}
