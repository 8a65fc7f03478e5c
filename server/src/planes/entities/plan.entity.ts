import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { DATETIME, booleanTransformer } from '../../core/database/column-types';

/** A plan of the catalogue (Una Clase, Cuatro Clases, …). Money in integer centavos. */
@Entity('plans')
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

  @Column({ name: 'sort_order', type: 'int', default: 0 })
  sortOrder!: number;

  @CreateDateColumn({ name: 'created_at', type: DATETIME })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: DATETIME })
  updatedAt!: Date;
}
