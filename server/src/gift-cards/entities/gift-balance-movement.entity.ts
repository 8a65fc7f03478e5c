import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../auth/entities';
import { DATETIME } from '../../core/database/column-types';

/**
 * redeem (+): a gift card redeemed; hold (−): taken at a checkout Mercado Pago charges the rest of;
 * release (+): that checkout ended unpaid; spend (−): a plan paid with balance (in full, or a hold
 * taken again after its release); refund_return (+): a refunded plan's balance part.
 */
export const GIFT_MOVEMENT_KINDS = ['redeem', 'hold', 'release', 'spend', 'refund_return'] as const;
export type GiftMovementKind = (typeof GIFT_MOVEMENT_KINDS)[number];

/** The gift balance's ledger: one row per change, written in the change's transaction. */
@Entity('gift_balance_movements')
@Index('ix_gift_balance_movements_user', ['userId', 'id'])
@Index('uq_gift_balance_movements_card', ['giftCardId', 'kind'], { unique: true })
@Index('ix_gift_balance_movements_payment', ['paymentId'])
export class GiftBalanceMovement {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_gift_balance_movements_user_id' })
  user?: User;

  @Column({ name: 'delta_cents', type: 'int' })
  deltaCents!: number;

  @Column({ type: 'varchar', length: 20 })
  kind!: GiftMovementKind;

  /** The purchase of a hold, release, spend or refund_return. */
  @Column({ name: 'payment_id', type: 'int', nullable: true })
  paymentId!: number | null;

  /** The card of a redeem (unique with the kind: a card is redeemed once). */
  @Column({ name: 'gift_card_id', type: 'int', nullable: true })
  giftCardId!: number | null;

  /** From the injected clock. */
  @Column({ name: 'created_at', type: DATETIME })
  createdAt!: Date;
}
