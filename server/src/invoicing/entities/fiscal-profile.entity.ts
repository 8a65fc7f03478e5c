import {
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
import { booleanTransformer, createdAtColumn, updatedAtColumn } from '../../core/database/column-types';

/**
 * A client's "Datos de facturación", as on their Constancia de Situación Fiscal: one row per user,
 * copied into each invoice when it is requested (a later change does not rewrite issued invoices).
 */
@Entity('fiscal_profiles')
@Index('uq_fiscal_profiles_user', ['userId'], { unique: true })
export class FiscalProfile {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_fiscal_profiles_user' })
  user?: User;

  @Column({ type: 'varchar', length: 13 })
  rfc!: string;

  /** Name or razón social without the régimen suffix ("S.A. de C.V."), as CFDI 4.0 asks. */
  @Column({ name: 'legal_name', type: 'varchar', length: 254 })
  legalName!: string;

  /** c_RegimenFiscal. */
  @Column({ name: 'tax_system', type: 'varchar', length: 3 })
  taxSystem!: string;

  /** Código postal del domicilio fiscal. */
  @Column({ type: 'varchar', length: 5 })
  zip!: string;

  /** c_UsoCFDI, allowed for `taxSystem`. */
  @Column({ name: 'cfdi_use', type: 'varchar', length: 4 })
  cfdiUse!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /** "Facturar mis compras automáticamente": each approved purchase is invoiced on approval. */
  @Column({ name: 'auto_invoice', type: 'boolean', default: false, transformer: booleanTransformer })
  autoInvoice!: boolean;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;

  @UpdateDateColumn(updatedAtColumn())
  updatedAt!: Date;
}
