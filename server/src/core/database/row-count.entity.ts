import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The size of a table whose exact total a page shows and that grows for years (the audit log):
 * kept by the table's one writer in the same transaction as its insert, so the page reads one row
 * instead of counting every entry.
 */
@Entity('row_counts')
export class RowCount {
  /** The table counted, e.g. `audit_log`. */
  @PrimaryColumn({ type: 'varchar', length: 40 })
  name!: string;

  @Column({ type: 'int', default: 0 })
  total!: number;
}
