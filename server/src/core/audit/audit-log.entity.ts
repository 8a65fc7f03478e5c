import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { createdAtColumn } from '../database/column-types';

/** Who changed what, when, with the values before and after. */
@Entity('audit_log')
@Index('ix_audit_log_created', ['createdAt'])
@Index('ix_audit_log_subject', ['subjectUserId'])
@Index('ix_audit_log_actor', ['actorId'])
@Index('ix_audit_log_action', ['action'])
export class AuditLog {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'actor_id', type: 'int', nullable: true })
  actorId!: number | null;

  // Named, not imported: core does not depend on the auth module's entity.
  @ManyToOne('User', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'actor_id', foreignKeyConstraintName: 'fk_audit_log_actor_id' })
  actor?: { id: number } | null;

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

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;
}
