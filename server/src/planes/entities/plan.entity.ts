import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { booleanTransformer, createdAtColumn, updatedAtColumn } from '../../core/database/column-types';

export const PLAN_KINDS = ['pack', 'membership'] as const;
/** A pack of classes paid once, or a membership charged every month (Mercado Pago subscription). */
export type PlanKind = (typeof PLAN_KINDS)[number];

/** A plan of the catalogue (Una Clase, Cuatro Clases, …). Money in integer centavos. */
@Entity('plans')
@Check('ck_plans_price', 'price_cents >= 0')
@Check('ck_plans_classes', 'class_count >= 0')
export class Plan {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 80 })
  name!: string;

  @Column({ name: 'price_cents', type: 'int' })
  priceCents!: number;

  @Column({ name: 'class_count', type: 'int' })
  classCount!: number;

  @Column({ type: 'boolean', default: true, transformer: booleanTransformer })
  visible!: boolean;

  /** "Solo primera vez": only someone who never held a plan nor took a class may buy it. */
  @Column({ type: 'boolean', default: false, transformer: booleanTransformer })
  intro!: boolean;

  @Column({ type: 'varchar', length: 12, default: 'pack' })
  kind!: PlanKind;

  /** A membership's classes a week (Monday–Sunday, studio time); null: unlimited, one class a day. */
  @Column({ name: 'weekly_limit', type: 'int', nullable: true })
  weeklyLimit!: number | null;

  @Column({ name: 'sort_order', type: 'int', default: 0 })
  sortOrder!: number;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;

  @UpdateDateColumn(updatedAtColumn())
  updatedAt!: Date;
}
