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
import { ClassType } from '../../class-types/entities';
import { booleanTransformer, createdAtColumn, updatedAtColumn } from '../../core/database/column-types';

/** One recurring class of the weekly timetable. */
@Entity('schedules')
@Index('ix_schedules_weekday', ['weekday', 'startTime'])
@Index('ix_schedules_instructor', ['instructorId'])
@Index('ix_schedules_class_type', ['classTypeId'])
@Check('ck_schedules_weekday', 'weekday BETWEEN 1 AND 7')
@Check('ck_schedules_capacity', 'capacity > 0')
@Check('ck_schedules_duration', 'duration_minutes > 0')
export class Schedule {
  @PrimaryGeneratedColumn()
  id!: number;

  /** ISO weekday: 1 Monday … 7 Sunday. */
  @Column({ type: 'int' })
  weekday!: number;

  /** Studio wall-clock time, `HH:mm` (24 h). */
  @Column({ name: 'start_time', type: 'varchar', length: 5 })
  startTime!: string;

  @Column({ name: 'duration_minutes', type: 'int', default: 50 })
  durationMinutes!: number;

  @Column({ type: 'int' })
  capacity!: number;

  /**
   * The class type (class_types). No foreign key, as instructor_id: types are never deleted. The
   * default is the type the migration inserted first ("Pilates Reformer"), for rows written around the app.
   */
  @Column({ name: 'class_type_id', type: 'int', default: 1 })
  classTypeId!: number;

  @ManyToOne(() => ClassType, { createForeignKeyConstraints: false })
  @JoinColumn({ name: 'class_type_id' })
  classType?: ClassType;

  /** The instructor's profile; null: no instructor. */
  @Column({ name: 'instructor_id', type: 'int', nullable: true })
  instructorId!: number | null;

  /** The profile's name, copied whenever the id is set or the profile renamed (the day view reads no join). */
  @Column({ type: 'varchar', length: 120, nullable: true })
  instructor!: string | null;

  @Column({ type: 'boolean', default: true, transformer: booleanTransformer })
  active!: boolean;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;

  @UpdateDateColumn(updatedAtColumn())
  updatedAt!: Date;
}
