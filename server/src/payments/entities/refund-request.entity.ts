import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { createdAtColumn } from '../../core/database/column-types';
import { Payment } from './payment.entity';

/**
 * An admin's refund request, by the idempotency key the dialog sent: the key belongs to the payment
 * and the amount it first came with, so the same key with another payment or amount is refused
 * (Mercado Pago would answer the first refund again and refund nothing).
 */
@Entity('refund_requests')
@Index('uq_refund_requests_key', ['idempotencyKey'], { unique: true })
@Index('ix_refund_requests_payment', ['paymentId'])
export class RefundRequest {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 36 })
  idempotencyKey!: string;

  @Column({ name: 'payment_id', type: 'int' })
  paymentId!: number;

  @ManyToOne(() => Payment, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'payment_id', foreignKeyConstraintName: 'fk_refund_requests_payment_id' })
  payment?: Payment;

  /** Centavos asked for; NULL: everything left to refund. */
  @Column({ name: 'amount_cents', type: 'int', nullable: true })
  amountCents!: number | null;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;
}
