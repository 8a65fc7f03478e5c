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
import { User } from '../../auth/entities';
import { createdAtColumn, updatedAtColumn } from '../../core/database/column-types';
import { NotificationDelivery } from './notification-delivery.entity';

/** accepted: Meta took it; then sent, delivered, read as its webhook reports; failed with Meta's code. */
export const WHATSAPP_MESSAGE_STATUSES = ['accepted', 'sent', 'delivered', 'read', 'failed'] as const;
export type WhatsAppMessageStatus = (typeof WHATSAPP_MESSAGE_STATUSES)[number];

/**
 * One WhatsApp message of a delivery (at most one per delivery): the template sent, Meta's message
 * id, and the last state its webhook reported. A message Meta refused outright is here too, failed
 * with its error code.
 */
@Entity('whatsapp_messages')
@Index('uq_whatsapp_messages_delivery', ['deliveryId'], { unique: true })
@Index('uq_whatsapp_messages_wamid', ['waMessageId'], { unique: true })
// A client's last messages (Usuarios).
@Index('ix_whatsapp_messages_user', ['userId', 'id'])
// The dashboard's figures of a period.
@Index('ix_whatsapp_messages_created', ['createdAt', 'status'])
@Check('ck_whatsapp_messages_status', "status IN ('accepted', 'sent', 'delivered', 'read', 'failed')")
export class WhatsAppMessageRow {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'delivery_id', type: 'int' })
  deliveryId!: number;

  @ManyToOne(() => NotificationDelivery, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'delivery_id', foreignKeyConstraintName: 'fk_whatsapp_messages_delivery' })
  delivery?: NotificationDelivery;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_whatsapp_messages_user' })
  user?: User;

  @Column({ type: 'varchar', length: 16 })
  phone!: string;

  @Column({ type: 'varchar', length: 40 })
  template!: string;

  /** Meta's `wamid.…`; null when Meta refused the message. */
  @Column({ name: 'wa_message_id', type: 'varchar', length: 128, nullable: true })
  waMessageId!: string | null;

  @Column({ type: 'varchar', length: 12 })
  status!: WhatsAppMessageStatus;

  @Column({ name: 'error_code', type: 'int', nullable: true })
  errorCode!: number | null;

  @Column({ name: 'error_title', type: 'varchar', length: 200, nullable: true })
  errorTitle!: string | null;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;

  @UpdateDateColumn(updatedAtColumn())
  updatedAt!: Date;
}
