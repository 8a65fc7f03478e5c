import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DATETIME } from '../../core/database/column-types';
import type { LegalKind } from '../legal-kinds';

/**
 * One published version of a legal text. Never changed nor deleted once published: a change is a
 * new version, and earlier ones stay readable by link (and prove what a client accepted).
 */
@Entity('legal_documents')
@Index('uq_legal_documents_version', ['kind', 'version'], { unique: true })
@Check('ck_legal_documents_kind', "kind IN ('terminos', 'privacidad', 'aviso-corto')")
@Check('ck_legal_documents_version', 'version > 0')
export class LegalDocument {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 12 })
  kind!: LegalKind;

  /** 1, 2, 3… per kind. */
  @Column({ type: 'int' })
  version!: number;

  @Column({ name: 'published_at', type: DATETIME })
  publishedAt!: Date;

  /** What changed, in the admin's words (shown to clients asked to accept the new version). */
  @Column({ type: 'varchar', length: 500 })
  summary!: string;

  @Column({ type: 'text' })
  text!: string;
}
