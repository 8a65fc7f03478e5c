import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../auth/entities';
import { DATETIME } from '../../core/database/column-types';

/** Where an opt-in came from. */
export const WHATSAPP_CONSENT_SOURCES = ['registration', 'account'] as const;
export type WhatsAppConsentSource = (typeof WHATSAPP_CONSENT_SOURCES)[number];
/** How it ended: the client's one click, or a "BAJA"/"STOP" reply to a message. */
export const WHATSAPP_WITHDRAWALS = ['account', 'reply'] as const;
export type WhatsAppWithdrawal = (typeof WHATSAPP_WITHDRAWALS)[number];

/**
 * A client's consent to WhatsApp notices: the number, the version of the text they accepted and
 * when, and when and how they withdrew it. Every opt-in is a new row, so the history stays; the
 * one in force has no withdrawal and the marker 1 (one per user, by the unique index).
 */
@Entity('whatsapp_consents')
@Index('uq_whatsapp_consents_active', ['userId', 'activeMarker'], { unique: true })
// An inbound "BAJA" finds the consents in force of its number.
@Index('ix_whatsapp_consents_phone', ['phone', 'activeMarker'])
@Check(
  'ck_whatsapp_consents_marker',
  '(withdrawn_at IS NULL AND active_marker = 1) OR (withdrawn_at IS NOT NULL AND active_marker IS NULL)',
)
export class WhatsAppConsent {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_whatsapp_consents_user' })
  user?: User;

  /** `+52` and 10 digits (phone-number.ts). */
  @Column({ type: 'varchar', length: 16 })
  phone!: string;

  /** WHATSAPP_CONSENT_VERSION when they ticked the box. */
  @Column({ name: 'text_version', type: 'int' })
  textVersion!: number;

  @Column({ type: 'varchar', length: 20 })
  source!: WhatsAppConsentSource;

  @Column({ name: 'consented_at', type: DATETIME })
  consentedAt!: Date;

  @Column({ name: 'withdrawn_at', type: DATETIME, nullable: true })
  withdrawnAt!: Date | null;

  @Column({ name: 'withdrawn_via', type: 'varchar', length: 20, nullable: true })
  withdrawnVia!: WhatsAppWithdrawal | null;

  @Column({ name: 'active_marker', type: 'int', nullable: true, default: 1 })
  activeMarker!: 1 | null;
}
