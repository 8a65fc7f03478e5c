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
import { booleanTransformer, createdAtColumn, DATETIME, updatedAtColumn } from '../../core/database/column-types';

/** pending: queued (or being retried); issued: stamped; failed: refused or out of retries; cancelled at the SAT. */
export const INVOICE_STATUSES = ['pending', 'issued', 'failed', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * What a client's purchase is: a plan purchase (`payments` row, desk sales included), a gift card,
 * or one approved monthly charge of a membership (`membership_charges` row). A new kind is added
 * here once and every list, job and label follows it.
 */
export const INVOICEABLE_KINDS = ['payment', 'gift_card', 'membership'] as const;
export type InvoiceableKind = (typeof INVOICEABLE_KINDS)[number];

/** What an invoice is for: a purchase, or the month's global invoice (its purchase id is the month as YYYYMM). */
export const PURCHASE_KINDS = [...INVOICEABLE_KINDS, 'global'] as const;
export type PurchaseKind = (typeof PURCHASE_KINDS)[number];

/** A cancellation the receiver must accept (Facturapi's `cancellation_status`): asked and waiting, or refused. */
export const CANCELLATION_STATES = ['pending', 'rejected'] as const;
export type CancellationState = (typeof CANCELLATION_STATES)[number];

/**
 * One CFDI: one per purchase and revision (the unique key holds under double clicks and replicas).
 * Revision 0 is the purchase's invoice; a substitute with corrected data (motive 01) is the next
 * revision, `replacesId` naming the one it replaces. The customer's fiscal data is copied in when
 * it is requested; the queue columns drive its issuing (and, on a replaced one, its cancellation).
 */
@Entity('invoices')
@Index('uq_invoices_purchase_revision', ['purchaseKind', 'purchaseId', 'revision'], { unique: true })
@Index('uq_invoices_replaces', ['replacesId'], { unique: true })
@Index('ix_invoices_due', ['status', 'nextAttemptAt'])
@Index('ix_invoices_period', ['period', 'status'])
@Index('ix_invoices_user', ['userId', 'createdAt'])
@Check('ck_invoices_status', "status IN ('pending', 'issued', 'failed', 'cancelled')")
export class Invoice {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'purchase_kind', type: 'varchar', length: 12 })
  purchaseKind!: PurchaseKind;

  @Column({ name: 'purchase_id', type: 'int' })
  purchaseId!: number;

  /** 0 for the purchase's invoice; one more for each substitute. */
  @Column({ type: 'int', default: 0 })
  revision!: number;

  /** The invoice this one substitutes (stamped with relation 04 to its UUID; it is then cancelled with 01). */
  @Column({ name: 'replaces_id', type: 'int', nullable: true })
  replacesId!: number | null;

  /** The substitute of this one, once asked for (set in the same transaction as the substitute's row). */
  @Column({ name: 'replaced_by_id', type: 'int', nullable: true })
  replacedById!: number | null;

  /** The client; null for the global invoice. */
  @Column({ name: 'user_id', type: 'int', nullable: true })
  userId!: number | null;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_invoices_user' })
  user?: User | null;

  /** The studio month (YYYY-MM) of the payment, or of the global invoice. */
  @Column({ type: 'varchar', length: 7 })
  period!: string;

  @Column({ type: 'varchar', length: 12, default: 'pending' })
  status!: InvoiceStatus;

  /** IVA included, in centavos. */
  @Column({ name: 'total_cents', type: 'int' })
  totalCents!: number;

  /** c_FormaPago, read from the payment when it is issued. */
  @Column({ name: 'payment_form', type: 'varchar', length: 2, nullable: true })
  paymentForm!: string | null;

  @Column({ type: 'varchar', length: 13 })
  rfc!: string;

  @Column({ name: 'legal_name', type: 'varchar', length: 254 })
  legalName!: string;

  @Column({ name: 'tax_system', type: 'varchar', length: 3 })
  taxSystem!: string;

  @Column({ type: 'varchar', length: 5 })
  zip!: string;

  @Column({ name: 'cfdi_use', type: 'varchar', length: 4 })
  cfdiUse!: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  /** Facturapi's invoice id, its SAT folio fiscal (UUID), series and folio. */
  @Column({ name: 'provider_id', type: 'varchar', length: 40, nullable: true })
  providerId!: string | null;

  @Column({ type: 'varchar', length: 36, nullable: true })
  uuid!: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  series!: string | null;

  @Column({ name: 'folio_number', type: 'int', nullable: true })
  folioNumber!: number | null;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: DATETIME })
  nextAttemptAt!: Date;

  @Column({ name: 'claimed_until', type: DATETIME, nullable: true })
  claimedUntil!: Date | null;

  /** Why the last attempt failed (Facturapi's message, in Spanish). */
  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;

  /** The field of the client's data the PAC refused (rfc, legalName, zip, taxSystem, cfdiUse). */
  @Column({ name: 'error_field', type: 'varchar', length: 20, nullable: true })
  errorField!: string | null;

  @Column({ name: 'issued_at', type: DATETIME, nullable: true })
  issuedAt!: Date | null;

  @Column({ name: 'cancelled_at', type: DATETIME, nullable: true })
  cancelledAt!: Date | null;

  /** c_MotivoCancelacion (01–04): asked for (while `cancellationStatus` is pending) or done. */
  @Column({ name: 'cancel_motive', type: 'varchar', length: 2, nullable: true })
  cancelMotive!: string | null;

  /**
   * A cancellation that needs the receiver's acceptance at the SAT (up to 72 hours): `pending` while
   * the invoice stays valid, `rejected` when the receiver refused. Null otherwise.
   */
  @Column({ name: 'cancellation_status', type: 'varchar', length: 10, nullable: true })
  cancellationStatus!: CancellationState | null;

  /** A refund of an invoice of an earlier month: the accountant must see it (a credit note may be due). */
  @Column({ name: 'needs_accountant', type: 'boolean', default: false, transformer: booleanTransformer })
  needsAccountant!: boolean;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;

  @UpdateDateColumn(updatedAtColumn())
  updatedAt!: Date;
}
