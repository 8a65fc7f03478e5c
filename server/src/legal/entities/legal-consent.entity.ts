import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../auth/entities';
import { DATETIME } from '../../core/database/column-types';
import type { AcceptedKind, LegalConsentSource } from '../legal-kinds';

/**
 * A client's acceptance of one version of the terms or the privacy notice: when and from which
 * address. Kept as proof when the account is anonymised (it then names no one but the account's id).
 */
@Entity('legal_consents')
@Index('uq_legal_consents_version', ['userId', 'kind', 'version'], { unique: true })
@Check('ck_legal_consents_kind', "kind IN ('terminos', 'privacidad')")
export class LegalConsent {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_legal_consents_user' })
  user?: User;

  @Column({ type: 'varchar', length: 12 })
  kind!: AcceptedKind;

  @Column({ type: 'int' })
  version!: number;

  @Column({ name: 'accepted_at', type: DATETIME })
  acceptedAt!: Date;

  /** The request's address as Fastify saw it (behind the proxy: TRUST_PROXY). */
  @Column({ name: 'ip_address', type: 'varchar', length: 45 })
  ipAddress!: string;

  @Column({ type: 'varchar', length: 20 })
  source!: LegalConsentSource;
}
