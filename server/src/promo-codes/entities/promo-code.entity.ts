import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { booleanTransformer, createdAtColumn, updatedAtColumn } from '../../core/database/column-types';

export const PROMO_KINDS = ['percent', 'fixed'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** "1,4,6" ↔ [1, 4, 6]; NULL (every plan) ↔ null. */
const planIdsTransformer = {
  to: (ids: number[] | null | undefined) => (ids && ids.length > 0 ? ids.join(',') : null),
  from: (text: string | null | undefined) => (text ? text.split(',').map(Number) : null),
};

/**
 * A promo code ("BUENFIN"): a percent or a fixed amount off a plan's price, within studio dates,
 * with a total and a per-client limit. Its uses are the purchases that carry it (payments.promo_code_id):
 * an open one holds a use, an approved one counts it.
 */
@Entity('promo_codes')
@Index('uq_promo_codes_code', ['code'], { unique: true })
@Check('ck_promo_codes_value', 'value > 0')
@Check('ck_promo_codes_limits', 'max_uses >= 1 AND max_uses_per_client >= 1')
export class PromoCode {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Upper-case letters and digits. */
  @Column({ type: 'varchar', length: 30 })
  code!: string;

  @Column({ type: 'varchar', length: 10 })
  kind!: PromoKind;

  /** A percent (1–100) or centavos off. */
  @Column({ type: 'int' })
  value!: number;

  /** First and last day it works, studio dates, inclusive. */
  @Column({ name: 'valid_from', type: 'date' })
  validFrom!: string;

  @Column({ name: 'valid_to', type: 'date' })
  validTo!: string;

  @Column({ name: 'max_uses', type: 'int' })
  maxUses!: number;

  @Column({ name: 'max_uses_per_client', type: 'int' })
  maxUsesPerClient!: number;

  /** The catalogue plans it applies to; null: every plan. */
  @Column({ name: 'plan_ids', type: 'varchar', length: 500, nullable: true, transformer: planIdsTransformer })
  planIds!: number[] | null;

  /** Only for a client who never held a plan. */
  @Column({ name: 'new_clients_only', type: 'boolean', default: false, transformer: booleanTransformer })
  newClientsOnly!: boolean;

  @Column({ type: 'boolean', default: true, transformer: booleanTransformer })
  active!: boolean;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;

  @UpdateDateColumn(updatedAtColumn())
  updatedAt!: Date;
}
