import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { createdAtColumn } from '../../core/database/column-types';
import { Spot } from './spot.entity';

/**
 * A reformer out of service from `fromDate` to `toDate` (studio days, both included), with the
 * reason the studio gave ("Resorte en reparación"). Ending one early moves its `toDate`; the rows
 * stay as the room's history. The day view, the booking and the classes' capacity read the ranges
 * covering a date through ix_spot_outages_dates.
 */
@Entity('spot_outages')
@Index('ix_spot_outages_dates', ['toDate', 'fromDate', 'spotId'])
@Index('ix_spot_outages_spot', ['spotId', 'toDate'])
export class SpotOutage {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'spot_id', type: 'int' })
  spotId!: number;

  @ManyToOne(() => Spot, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'spot_id', foreignKeyConstraintName: 'fk_spot_outages_spot_id' })
  spot?: Spot;

  @Column({ name: 'from_date', type: 'date' })
  fromDate!: string;

  @Column({ name: 'to_date', type: 'date' })
  toDate!: string;

  @Column({ type: 'varchar', length: 120 })
  reason!: string;

  @Column({ name: 'created_by', type: 'int' })
  createdBy!: number;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;
}
