import { Check, Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { User } from '../../auth/entities';
import { updatedAtColumn } from '../../core/database/column-types';

/**
 * A client's gift balance ("Saldo de regalo"), in centavos: the sum of their movements, kept in one
 * row so a debit is one conditional UPDATE (`balance_cents >= ?`); the CHECK makes overspending
 * impossible whatever the order of concurrent checkouts.
 */
@Entity('gift_balances')
@Check('ck_gift_balances_positive', 'balance_cents >= 0')
export class GiftBalance {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId!: number;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_gift_balances_user_id' })
  user?: User;

  @Column({ name: 'balance_cents', type: 'int', default: 0 })
  balanceCents!: number;

  @UpdateDateColumn(updatedAtColumn())
  updatedAt!: Date;
}
