import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../auth/entities';
import { DATETIME } from '../../core/database/column-types';

/** A «Mis datos» link: its owner, the SHA-256 of its secret and when it ends (24 h after it was asked for). */
@Entity('data_exports')
@Index('uq_data_exports_token', ['tokenHash'], { unique: true })
@Index('ix_data_exports_user', ['userId', 'createdAt'])
@Index('ix_data_exports_expires', ['expiresAt'])
export class DataExport {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_data_exports_user' })
  user?: User;

  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ name: 'created_at', type: DATETIME })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: DATETIME })
  expiresAt!: Date;
}
