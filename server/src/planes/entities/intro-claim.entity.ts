import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { createdAtColumn } from '../../core/database/column-types';

/**
 * One person's intro purchase ("Solo primera vez"): written in the checkout's transaction, its unique
 * keys (account, normalised email, normalised phone) let only one intro purchase be open or approved
 * per person, whatever runs in parallel. Deleted when that purchase ends without approval.
 */
@Entity('intro_claims')
@Index('uq_intro_claims_payment', ['paymentId'], { unique: true })
@Index('uq_intro_claims_user', ['userId'], { unique: true })
@Index('uq_intro_claims_email', ['emailKey'], { unique: true })
@Index('uq_intro_claims_phone', ['phoneKey'], { unique: true })
export class IntroClaim {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'payment_id', type: 'int' })
  paymentId!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @Column({ name: 'email_key', type: 'varchar', length: 254 })
  emailKey!: string;

  @Column({ name: 'phone_key', type: 'varchar', length: 30, nullable: true })
  phoneKey!: string | null;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;
}
