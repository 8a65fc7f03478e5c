import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { DATETIME } from '../../core/database/column-types';
import { Room } from './room.entity';

/**
 * One reformer of a room, placed on the room's grid. Retired reformers stay (old reservations name
 * them) with a NULL marker: the unique indexes then hold only among the live ones, so two live
 * reformers never share a cell or a label (NULLs never collide, on SQLite and MySQL alike).
 */
@Entity('spots')
@Index('uq_spots_cell', ['roomId', 'gridRow', 'gridColumn', 'activeMarker'], { unique: true })
@Index('uq_spots_label', ['roomId', 'label', 'activeMarker'], { unique: true })
export class Spot {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'room_id', type: 'int' })
  roomId!: number;

  @ManyToOne(() => Room, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'room_id', foreignKeyConstraintName: 'fk_spots_room_id' })
  room?: Room;

  @Column({ type: 'varchar', length: 40 })
  label!: string;

  /** `row` and `column` are reserved words on MySQL/MariaDB. */
  @Column({ name: 'grid_row', type: 'int' })
  gridRow!: number;

  @Column({ name: 'grid_column', type: 'int' })
  gridColumn!: number;

  @Column({ name: 'retired_at', type: DATETIME, nullable: true })
  retiredAt!: Date | null;

  /** 1 while in the room, NULL once retired. */
  @Column({ name: 'active_marker', type: 'int', nullable: true, default: 1 })
  activeMarker!: number | null;
}
