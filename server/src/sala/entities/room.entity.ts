import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A room of the studio ("Sala"): its reformers (spots) and where the instructor stands, so the map
 * shows the room as clients see it walking in. The studio has one; the table allows more.
 */
@Entity('rooms')
export class Room {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 60 })
  name!: string;

  /** The instructor's cell on the room's grid (row 0 is the front). */
  @Column({ name: 'instructor_row', type: 'int' })
  instructorRow!: number;

  @Column({ name: 'instructor_column', type: 'int' })
  instructorColumn!: number;
}
