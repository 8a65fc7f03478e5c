import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How many rows `users` holds, kept by UsersRepository in the transaction that inserts a user: the
 * one row (id 1) Usuarios' first page reads for its total. InnoDB counts rows one by one, so a
 * COUNT(*) over five years of clients cost that page a sixth of its speed. Whatever writes users
 * by hand (a seed, a restore) sets it again with `recountUsersSql`.
 */
@Entity('users_count')
export class UsersCount {
  @PrimaryColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'int' })
  total!: number;
}

/** The id of the one row of users_count. */
export const USERS_COUNT_ROW = 1;

/** Sets users_count from the rows of users (both drivers). */
export const recountUsersSql = `UPDATE users_count SET total = (SELECT COUNT(*) FROM users) WHERE id = ${USERS_COUNT_ROW}`;
