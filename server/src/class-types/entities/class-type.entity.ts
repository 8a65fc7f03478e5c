import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { booleanTransformer, createdAtColumn, updatedAtColumn } from '../../core/database/column-types';
import type { ClassTypeLevel } from '../class-type-palette';

/**
 * A kind of class the owner offers ("Pilates Reformer", "Prenatal"…): every timetable entry has one.
 * Never deleted: a type the studio stops giving is made inactive, and its entries keep it.
 */
@Entity('class_types')
@Index('uq_class_types_name', ['name'], { unique: true })
@Check('ck_class_types_level', "level IN ('basico', 'intermedio', 'avanzado', 'prenatal')")
@Check('ck_class_types_duration', 'duration_minutes > 0')
export class ClassType {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 40 })
  name!: string;

  @Column({ type: 'varchar', length: 12 })
  level!: ClassTypeLevel;

  @Column({ type: 'varchar', length: 200, default: '' })
  description!: string;

  /** A new timetable entry of this type lasts this long unless the admin says otherwise. */
  @Column({ name: 'duration_minutes', type: 'int' })
  durationMinutes!: number;

  /** `#rrggbb`, one of CLASS_TYPE_COLOURS. */
  @Column({ type: 'varchar', length: 7 })
  colour!: string;

  @Column({ type: 'boolean', default: true, transformer: booleanTransformer })
  active!: boolean;

  @Column({ name: 'sort_order', type: 'int', default: 0 })
  sortOrder!: number;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;

  @UpdateDateColumn(updatedAtColumn())
  updatedAt!: Date;
}
