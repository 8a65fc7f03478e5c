import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from './user.entity';

/**
 * The users search's trigram index: one row per distinct 3-character piece of a user's folded name
 * or email (auth/user-search-grams.ts), rewritten with them by UsersRepository in the same
 * transaction. On MariaDB the column compares exactly (utf8mb4_bin, set by the migration; TypeORM's
 * drift check does not compare collations): the grams come folded, and the default collation would
 * make `ano` and `año` one key.
 */
@Entity('user_search_grams')
@Index('ix_user_search_grams_user', ['userId'])
export class UserSearchGram {
  @PrimaryColumn({ type: 'varchar', length: 3 })
  gram!: string;

  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_user_search_grams_user_id' })
  user?: User;
}
