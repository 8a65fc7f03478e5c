import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../auth/entities';
import { DATETIME } from '../../core/database/column-types';
import type { ArcoRight, ArcoStatus } from '../arco-rights';

/**
 * A request to exercise an ARCO right, from anyone (with or without an account). Kept after the
 * requester's account is anonymised, as proof of the answer: then it names no one.
 */
@Entity('arco_requests')
@Index('uq_arco_requests_folio', ['folio'], { unique: true })
@Index('uq_arco_requests_sequence', ['folioYear', 'folioSequence'], { unique: true })
@Index('ix_arco_requests_status_due', ['status', 'dueDate'])
@Index('ix_arco_requests_user', ['userId'])
@Check('ck_arco_requests_right', "arco_right IN ('acceso', 'rectificacion', 'cancelacion', 'oposicion')")
@Check('ck_arco_requests_status', "status IN ('recibida', 'en_proceso', 'respondida', 'rechazada')")
export class ArcoRequest {
  @PrimaryGeneratedColumn()
  id!: number;

  /** `ARCO-2026-0007`. */
  @Column({ type: 'varchar', length: 20 })
  folio!: string;

  /** The studio year the request was received in, and its place in that year (the folio's parts). */
  @Column({ name: 'folio_year', type: 'int' })
  folioYear!: number;

  @Column({ name: 'folio_sequence', type: 'int' })
  folioSequence!: number;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /** `arco_right`: RIGHT is a reserved word of MySQL. */
  @Column({ name: 'arco_right', type: 'varchar', length: 16 })
  right!: ArcoRight;

  @Column({ type: 'text' })
  detail!: string;

  /** The requester's account when they were logged in; the account's deletion keeps the request. */
  @Column({ name: 'user_id', type: 'int', nullable: true })
  userId!: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_arco_requests_user' })
  user?: User;

  @Column({ name: 'received_at', type: DATETIME })
  receivedAt!: Date;

  /** The studio date the answer is due: 20 business days after the day received. */
  @Column({ name: 'due_date', type: 'date' })
  dueDate!: string;

  @Column({ type: 'varchar', length: 12 })
  status!: ArcoStatus;

  @Column({ name: 'answered_at', type: DATETIME, nullable: true })
  answeredAt!: Date | null;

  @Column({ name: 'response_note', type: 'text', nullable: true })
  responseNote!: string | null;

  /** The request's address as Fastify saw it (behind the proxy: TRUST_PROXY). */
  @Column({ name: 'ip_address', type: 'varchar', length: 45 })
  ipAddress!: string;
}
