import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../auth/entities/user.entity';
import { DATETIME } from '../database/column-types';

/** Who changed what, when, with the values before and after. */
@Entity('audit_log')
export class AuditLog {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'actor_id', type: 'int', nullable: true })
  actorId!: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'actor_id' })
  actor?: User | null;

  /** e.g. `user.deactivate`, `plan.update`, `schedule.create`. */
  @Column({ type: 'varchar', length: 60 })
  action!: string;

  @Column({ name: 'entity_type', type: 'varchar', length: 40 })
  entityType!: string;

  @Column({ name: 'entity_id', type: 'varchar', length: 40 })
  entityId!: string;

  /** The client the change concerns, for filtering by user. */
  @Column({ name: 'subject_user_id', type: 'int', nullable: true })
  subjectUserId!: number | null;

  @Column({ type: 'simple-json', nullable: true })
  before!: Record<string, unknown> | null;

  @Column({ type: 'simple-json', nullable: true })
  after!: Record<string, unknown> | null;

  @CreateDateColumn({ name: 'created_at', type: DATETIME })
  createdAt!: Date;
}
