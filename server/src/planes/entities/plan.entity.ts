import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { booleanTransformer, createdAtColumn, updatedAtColumn } from '../../core/database/column-types';

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

  @Column({ name: 'sort_order', type: 'int', default: 0 })
  sortOrder!: number;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;

  @UpdateDateColumn(updatedAtColumn())
  updatedAt!: Date;
}
