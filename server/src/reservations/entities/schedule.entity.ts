import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { DATETIME, booleanTransformer } from '../../core/database/column-types';

/** One recurring class of the weekly timetable. */
@Entity('schedules')
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

  @Column({ type: 'varchar', length: 120, nullable: true })
  instructor!: string | null;

  @Column({ type: 'boolean', default: true, transformer: booleanTransformer })
  active!: boolean;

  @CreateDateColumn({ name: 'created_at', type: DATETIME })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: DATETIME })
  updatedAt!: Date;
}
