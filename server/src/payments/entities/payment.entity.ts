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
import { Plan, UserPlan } from '../../planes/entities';

/** Mercado Pago's payment statuses, plus `created` before the checkout is opened and `expired`. */
export const PAYMENT_STATUSES = [
  'created',
  'pending',
  'approved',
  'authorized',
  'in_process',
  'in_mediation',
  'rejected',
  'cancelled',
  'refunded',
  'charged_back',
  'expired',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Why an approved payment granted no plan, shown to admins: the amount or currency differs from the
 * purchase, a test-mode payment reached production, the purchase was already paid ("a reembolsar"),
 * the gift balance part it had released on a failed attempt was no longer there, or it was paid after
 * its hold lapsed and its promo code's last use or the person's intro purchase went to another checkout,
 * or it was paid after the client deleted their account (refunded at once, see PaymentsService.approve).
 */
export const PAYMENT_ISSUES = [
  'amount_mismatch',
  'currency_mismatch',
  'not_live',
  'duplicate',
  'balance_missing',
  'promo_taken',
  'intro_taken',
  'account_deleted',
] as const;
export type PaymentIssue = (typeof PAYMENT_ISSUES)[number];

/** held: taken at checkout, waiting for the payment; spent: the plan was granted; released: the purchase ended unpaid; returned: refunded. */
export type BalanceStatus = 'held' | 'spent' | 'released' | 'returned';

/**
 * How a payment was paid: through Mercado Pago (every checkout), or at the studio's desk ("Venta en
 * mostrador"): cash, bank transfer or the card terminal. A desk payment never reaches Mercado Pago.
 */
export const PAYMENT_METHODS = ['mercado_pago', 'efectivo', 'transferencia', 'terminal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DESK_METHODS = ['efectivo', 'transferencia', 'terminal'] as const;
export type DeskMethod = (typeof DESK_METHODS)[number];

/**
 * A purchase of a catalogue plan. Its `reference` (`pilates-<uuid>`) is the preference's
 * external_reference; purchases made before it existed used their numeric id.
 */
@Entity('payments')
@Index('uq_payments_provider_payment', ['providerPaymentId'], { unique: true })
@Index('uq_payments_user_plan', ['userPlanId'], { unique: true })
@Index('uq_payments_reference', ['reference'], { unique: true })
@Index('ix_payments_status', ['status', 'createdAt'])
@Index('ix_payments_checked', ['status', 'lastCheckedAt'])
@Index('ix_payments_user', ['userId'])
// A promo code's uses: its purchases by status (PromoCodesRepository counts them under the code's lock).
@Index('ix_payments_promo_code', ['promoCodeId', 'status'])
// A client's purchases of the last days.
@Index('ix_payments_user_created', ['userId', 'createdAt'])
// The dashboard's revenue of a period (with its discounts and gift balance spent) and its export, read from the index alone.
@Index('ix_payments_approved_figures', [
  'approvedAt',
  'status',
  'issue',
  'planName',
  'paidCents',
  'totalCents',
  'refundedCents',
  'method',
  'discountCents',
  'balanceCents',
  'balanceStatus',
])
@Check(
  'ck_payments_amounts',
  'price_cents >= 0 AND commission_cents >= 0 AND total_cents = price_cents + commission_cents',
)
export class Payment {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_payments_user_id' })
  user?: User;

  @Column({ name: 'plan_id', type: 'int' })
  planId!: number;

  @ManyToOne(() => Plan, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'plan_id', foreignKeyConstraintName: 'fk_payments_plan_id' })
  plan?: Plan;

  @Column({ name: 'plan_name', type: 'varchar', length: 80 })
  planName!: string;

  @Column({ name: 'class_count', type: 'int' })
  classCount!: number;

  /** The plan's price as charged: the catalogue price less `discountCents`. */
  @Column({ name: 'price_cents', type: 'int' })
  priceCents!: number;

  /** Taken off the catalogue price by the promo code (the catalogue price is price_cents + discount_cents). */
  @Column({ name: 'discount_cents', type: 'int', default: 0 })
  discountCents!: number;

  /** The promo code the purchase used; while open it holds one of the code's uses, approved it counts one. */
  @Column({ name: 'promo_code_id', type: 'int', nullable: true })
  promoCodeId!: number | null;

  /**
   * Paid from the buyer's gift balance ("Saldo de regalo"), in centavos: taken off the price before the
   * commission (the catalogue price is price_cents + discount_cents + balance_cents).
   */
  @Column({ name: 'balance_cents', type: 'int', default: 0 })
  balanceCents!: number;

  /** Where the balance part stands: held while open, spent once approved, released or returned. */
  @Column({ name: 'balance_status', type: 'varchar', length: 10, nullable: true })
  balanceStatus!: BalanceStatus | null;

  @Column({ name: 'commission_cents', type: 'int' })
  commissionCents!: number;

  @Column({ name: 'total_cents', type: 'int' })
  totalCents!: number;

  /** Mercado Pago, or how the desk was paid (a desk sale's reference is `mostrador-<uuid>`). */
  @Column({ type: 'varchar', length: 20, default: 'mercado_pago' })
  method!: PaymentMethod;

  /** A desk sale: what the desk received, in centavos (cash: change is this less total_cents). */
  @Column({ name: 'received_cents', type: 'int', nullable: true })
  receivedCents!: number | null;

  @Column({ type: 'varchar', length: 3, default: 'MXN' })
  currency!: string;

  @Column({ type: 'varchar', length: 20, default: 'created' })
  status!: PaymentStatus;

  @Column({ name: 'status_detail', type: 'varchar', length: 80, nullable: true })
  statusDetail!: string | null;

  /** `pilates-<uuid>`: unguessable, so nobody can pay into someone else's purchase by its number. */
  @Column({ type: 'varchar', length: 60, nullable: true })
  reference!: string | null;

  /** Set when an approved payment granted nothing; the reason is shown to admins. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  issue!: PaymentIssue | null;

  /** What Mercado Pago says was charged, in centavos (may differ from total_cents: see `issue`). */
  @Column({ name: 'paid_cents', type: 'int', nullable: true })
  paidCents!: number | null;

  /** Refunded so far, in centavos (partial refunds keep the plan). */
  @Column({ name: 'refunded_cents', type: 'int', default: 0 })
  refundedCents!: number;

  /** A second approved payment for an already paid purchase is kept as its own row, pointing here. */
  @Column({ name: 'duplicate_of', type: 'int', nullable: true })
  duplicateOf!: number | null;

  /** Mercado Pago's payment id; unique, so one payment can create one plan only. */
  @Column({ name: 'provider_payment_id', type: 'varchar', length: 40, nullable: true })
  providerPaymentId!: string | null;

  @Column({ name: 'preference_id', type: 'varchar', length: 80, nullable: true })
  preferenceId!: string | null;

  /** The plan this payment created; unique. */
  @Column({ name: 'user_plan_id', type: 'int', nullable: true })
  userPlanId!: number | null;

  @ManyToOne(() => UserPlan, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_plan_id', foreignKeyConstraintName: 'fk_payments_user_plan_id' })
  userPlan?: UserPlan | null;

  /** Deadline of a cash (OXXO) payment. */
  @Column({ name: 'expires_at', type: DATETIME, nullable: true })
  expiresAt!: Date | null;

  @Column({ name: 'approved_at', type: DATETIME, nullable: true })
  approvedAt!: Date | null;

  @Column({ name: 'last_checked_at', type: DATETIME, nullable: true })
  lastCheckedAt!: Date | null;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;

  @UpdateDateColumn(updatedAtColumn())
  updatedAt!: Date;
}
