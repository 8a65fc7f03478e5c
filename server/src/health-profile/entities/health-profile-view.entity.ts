import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../auth/entities';
import { DATETIME } from '../../core/database/column-types';

/** One reading of a client's health questionnaire by staff: who, when, from which class. */
@Entity('health_profile_views')
@Index('ix_health_profile_views_user', ['userId', 'viewedAt'])
@Index('ix_health_profile_views_viewer', ['viewerId'])
export class HealthProfileView {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Whose questionnaire was read. */
  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_health_profile_views_user' })
  user?: User;

  @Column({ name: 'viewer_id', type: 'int' })
  viewerId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'viewer_id', foreignKeyConstraintName: 'fk_health_profile_views_viewer' })
  viewer?: User;

  @Column({ name: 'viewed_at', type: DATETIME })
  viewedAt!: Date;

  /** The class whose roster it was opened from (an instructor's reason to read it); null for an admin's look-up. */
  @Column({ name: 'class_id', type: 'int', nullable: true })
  classId!: number | null;
}
