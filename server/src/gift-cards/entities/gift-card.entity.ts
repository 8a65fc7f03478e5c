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
import { DATETIME, createdAtColumn, updatedAtColumn } from '../../core/database/column-types';
import type { PaymentMethod } from '../../payments/entities';

/**
 * pending_payment: bought, not paid yet; paid: approved, its mail waits for the delivery date;
 * sent: mailed to the recipient; redeemed: its amount went into an account's balance; voided: the
 * studio cancelled it (its payment was refunded); failed: never paid (expired) or paid wrongly (`issue`).
 */
export const GIFT_CARD_STATUSES = ['pending_payment', 'paid', 'sent', 'redeemed', 'voided', 'failed'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

/**
 * A gift card ("Tarjeta de regalo"): bought and paid through Mercado Pago like a plan (its own
 * `reference`, the same webhook), or sold at the desk ("Venta en mostrador": paid at once, reference
 * `mostrador-<uuid>`, never sent to Mercado Pago); its code made on approval and mailed to the
 * recipient on the delivery date. Redeemed once, into the redeemer's gift balance.
 */
@Entity('gift_cards')
@Index('uq_gift_cards_reference', ['reference'], { unique: true })
@Index('uq_gift_cards_code', ['code'], { unique: true })
@Index('uq_gift_cards_page_token', ['pageToken'], { unique: true })
@Index('uq_gift_cards_provider_payment', ['providerPaymentId'], { unique: true })
@Index('ix_gift_cards_status', ['status', 'deliverOn'])
@Index('ix_gift_cards_buyer', ['buyerId', 'createdAt'])
// The dashboard's gift card sales of a period (and the money by method), read from the index alone.
@Index('ix_gift_cards_approved_figures', [
  'approvedAt',
  'status',
  'amountCents',
  'method',
  'totalCents',
  'paidCents',
  'refundedCents',
])
@Check(
  'ck_gift_cards_amounts',
  'amount_cents > 0 AND commission_cents >= 0 AND total_cents = amount_cents + commission_cents',
)
export class GiftCard {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'buyer_id', type: 'int' })
  buyerId!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'buyer_id', foreignKeyConstraintName: 'fk_gift_cards_buyer_id' })
  buyer?: User;

  /** What the card is worth, in centavos (what the recipient's balance receives). */
  @Column({ name: 'amount_cents', type: 'int' })
  amountCents!: number;

  /** The payment commission the buyer pays on top, like on a plan. */
  @Column({ name: 'commission_cents', type: 'int' })
  commissionCents!: number;

  /** What Mercado Pago must charge: amount + commission. */
  @Column({ name: 'total_cents', type: 'int' })
  totalCents!: number;

  @Column({ name: 'recipient_name', type: 'varchar', length: 100 })
  recipientName!: string;

  @Column({ name: 'recipient_email', type: 'varchar', length: 254 })
  recipientEmail!: string;

  @Column({ type: 'varchar', length: 500 })
  message!: string;

  /** The studio date its mail goes to the recipient. */
  @Column({ name: 'deliver_on', type: 'date' })
  deliverOn!: string;

  @Column({ type: 'varchar', length: 20, default: 'pending_payment' })
  status!: GiftCardStatus;

  /** 16 characters of GIFT_CODE_ALPHABET (upper case, no dashes); set on approval. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  code!: string | null;

  /** The printable page's address (`/pilates/regalo/<token>`): 128 random bits, not the code. */
  @Column({ name: 'page_token', type: 'varchar', length: 40 })
  pageToken!: string;

  /**
   * `pilates-<uuid>`, the preference's external_reference (the same shape as a plan's purchase); a
   * desk sale's is `mostrador-<request key>`.
   */
  @Column({ type: 'varchar', length: 60 })
  reference!: string;

  /** Mercado Pago, or how the desk was paid (efectivo, transferencia, terminal). */
  @Column({ type: 'varchar', length: 20, default: 'mercado_pago' })
  method!: PaymentMethod;

  /** A desk sale: what the desk received, in centavos (cash: change is this less total_cents). */
  @Column({ name: 'received_cents', type: 'int', nullable: true })
  receivedCents!: number | null;

  /** Mercado Pago's status of its payment (created until the checkout opens); a desk sale's is approved. */
  @Column({ name: 'payment_status', type: 'varchar', length: 20, default: 'created' })
  paymentStatus!: string;

  @Column({ name: 'status_detail', type: 'varchar', length: 80, nullable: true })
  statusDetail!: string | null;

  /** Set when an approved payment made no card (amount_mismatch, currency_mismatch, not_live). */
  @Column({ type: 'varchar', length: 40, nullable: true })
  issue!: string | null;

  @Column({ name: 'provider_payment_id', type: 'varchar', length: 40, nullable: true })
  providerPaymentId!: string | null;

  @Column({ name: 'preference_id', type: 'varchar', length: 80, nullable: true })
  preferenceId!: string | null;

  @Column({ name: 'paid_cents', type: 'int', nullable: true })
  paidCents!: number | null;

  @Column({ name: 'refunded_cents', type: 'int', default: 0 })
  refundedCents!: number;

  @Column({ name: 'expires_at', type: DATETIME })
  expiresAt!: Date;

  @Column({ name: 'approved_at', type: DATETIME, nullable: true })
  approvedAt!: Date | null;

  @Column({ name: 'last_checked_at', type: DATETIME, nullable: true })
  lastCheckedAt!: Date | null;

  @Column({ name: 'sent_at', type: DATETIME, nullable: true })
  sentAt!: Date | null;

  @Column({ name: 'redeemed_by', type: 'int', nullable: true })
  redeemedBy!: number | null;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'redeemed_by', foreignKeyConstraintName: 'fk_gift_cards_redeemed_by' })
  redeemer?: User | null;

  @Column({ name: 'redeemed_at', type: DATETIME, nullable: true })
  redeemedAt!: Date | null;

  @Column({ name: 'voided_at', type: DATETIME, nullable: true })
  voidedAt!: Date | null;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;

  @UpdateDateColumn(updatedAtColumn())
  updatedAt!: Date;
}
