import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { DATETIME } from '../database/column-types';

/**
 * One login on one device. The session cookie's token names it (`sid`); each request checks
 * it is neither revoked nor past its absolute end, so logout really ends it.
 */
@Entity('sessions')
@Index('ix_sessions_user', ['userId'])
export class Session {
  /** Random, 24 base64url characters. */
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  // Named, not imported: core does not depend on the auth module's entity. A user's sessions go with them.
  @ManyToOne('User', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_sessions_user' })
  user?: { id: number };

  @Column({ name: 'created_at', type: DATETIME })
  createdAt!: Date;

  /** created_at + 30 days: renewal never goes past it. */
  @Column({ name: 'expires_at', type: DATETIME })
  expiresAt!: Date;

  /** Updated when the cookie is renewed (at most daily), not on every request. */
  @Column({ name: 'last_seen_at', type: DATETIME })
  lastSeenAt!: Date;

  @Column({ name: 'revoked_at', type: DATETIME, nullable: true })
  revokedAt!: Date | null;
}
