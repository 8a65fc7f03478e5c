import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { DATETIME, createdAtColumn } from '../../core/database/column-types';
import { User } from './user.entity';

/** Only the SHA-256 of the emailed token is kept. */
@Entity('password_reset_tokens')
@Index('uq_password_reset_token_hash', ['tokenHash'], { unique: true })
@Index('ix_password_reset_user', ['userId'])
export class PasswordResetToken {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_password_reset_tokens_user_id' })
  user?: User;

  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ name: 'expires_at', type: DATETIME })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: DATETIME, nullable: true })
  usedAt!: Date | null;

  /**
   * SHA-256 of the account's email, password hash, session version and active flag when the link
   * was issued: a link works only while they are unchanged, so a password or email change, a
   * reset, a deactivation (even undone) ends it. NULL (links issued before) works no more.
   */
  @Column({ name: 'credentials_hash', type: 'varchar', length: 64, nullable: true })
  credentialsHash!: string | null;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;
}
