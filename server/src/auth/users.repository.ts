import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { Spot } from '../sala/entities';
import { User } from './entities/user.entity';
import { UserSearchGram } from './entities/user-search-gram.entity';
import { RowCount } from '../core/database/row-count.entity';
import { USERS_COUNT } from './users-count';
import { foldForSearch, matchesFoldedTerm, searchTermGrams, userSearchGrams } from './user-search-grams';

/** All SQL of the `users` table, on the ambient transaction (`txHost.tx`). */
@Injectable()
export class UsersRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  byId(id: number): Promise<User | null> {
    return this.txHost.tx.findOneBy(User, { id });
  }

  byEmail(email: string): Promise<User | null> {
    return this.txHost.tx.findOneBy(User, { email });
  }

  /** A reformer still in the room, by id (a retired one keeps its row, without the live marker). */
  liveSpot(id: number): Promise<Pick<Spot, 'id' | 'label'> | null> {
    return this.txHost.tx.findOne(Spot, { select: { id: true, label: true }, where: { id, activeMarker: 1 } });
  }

  /**
   * Inserts a new user or saves the changes of a loaded one, its grams of the users search and,
   * for a new user, the stored number of users (row_counts). That row's lock, held to the commit,
   * makes concurrent registrations on MySQL wait for each other only there, at the end of the insert.
   */
  async save(user: User | Partial<User>): Promise<User> {
    const tx = this.txHost.tx;
    const existed = user.id !== undefined && user.id !== null;
    const saved = user instanceof User ? await tx.save(user) : await tx.save(tx.create(User, user));
    await this.indexForSearch(saved, existed);
    if (!existed) await tx.increment(RowCount, { name: USERS_COUNT }, 'total', 1);
    return saved;
  }

  /**
   * Rewrites the user's rows of the search index (user_search_grams) from their name and email,
   * on the same transaction as the change: every write of a name or email goes through save().
   */
  private async indexForSearch(user: Pick<User, 'id' | 'name' | 'email'>, existed: boolean): Promise<void> {
    const tx = this.txHost.tx;
    // A new user has no grams yet. Deleting them anyway would take InnoDB's gap lock on the index
    // past the highest user id, which every concurrent registration then waits on: a deadlock.
    if (existed) await tx.delete(UserSearchGram, { userId: user.id });
    const grams = userSearchGrams(user.name, user.email);
    if (grams.length > 0) {
      await tx.insert(
        UserSearchGram,
        grams.map((gram) => ({ gram, userId: user.id })),
      );
    }
  }

  /** A no-op update that takes the user's row lock (MySQL): requests about one user wait for each other. */
  async lockRow(id: number): Promise<void> {
    await this.txHost.tx.query('UPDATE users SET session_version = session_version WHERE id = ?', [id]);
  }

  async setPassword(id: number, passwordHash: string): Promise<void> {
    await this.txHost.tx.update(User, { id }, { passwordHash });
  }

  /** A new password, and every session of the user ended (their tokens carry the old session_version). */
  async setPasswordEndingSessions(id: number, passwordHash: string): Promise<void> {
    await this.txHost.tx
      .createQueryBuilder()
      .update(User)
      .set({ passwordHash, sessionVersion: () => 'session_version + 1' })
      .where('id = :id', { id })
      .execute();
  }

  /** Deactivates a user and ends every session of theirs. */
  async deactivate(id: number): Promise<void> {
    await this.txHost.tx
      .createQueryBuilder()
      .update(User)
      .set({ active: false, sessionVersion: () => 'session_version + 1' })
      .where('id = :id', { id })
      .execute();
  }

  async activate(id: number): Promise<void> {
    await this.txHost.tx.update(User, { id }, { active: true });
  }

  /**
   * The ids of the active admins. `lock`: their rows are locked first (MySQL), so two admins
   * removing each other at the same moment are serialised; SQLite runs one transaction at a time.
   */
  async activeAdminIds(lock: boolean): Promise<number[]> {
    const rows: { id: number | string }[] = lock
      ? await this.txHost.tx.query("SELECT id FROM users WHERE role = 'admin' AND active = 1 ORDER BY id FOR UPDATE")
      : await this.txHost.tx.query("SELECT id FROM users WHERE role = 'admin' AND active = 1");
    return rows.map((row) => Number(row.id));
  }

  /**
   * One page of users, newest first; `search` keeps those whose name or email contains it, whatever
   * the case and the accents on both databases ("hernandez" finds "Hernández"). And how many there are.
   */
  async pageOf(search: string | undefined, page: { offset: number; limit: number }): Promise<[User[], number]> {
    const manager = this.txHost.tx;
    if (search === undefined) {
      // The page walks the primary key from the end; the total is the stored one (row_counts): a
      // COUNT(*) reads every user on InnoDB, and TypeORM's COUNT(DISTINCT id) sorts them on SQLite.
      const users = await manager.find(User, { order: { id: 'DESC' }, skip: page.offset, take: page.limit });
      const count = await manager.findOneBy(RowCount, { name: USERS_COUNT });
      return [users, count?.total ?? 0];
    }
    const grams = searchTermGrams(search);
    // A term of 3 characters or more: only the users holding every folded gram of it
    // (user_search_grams, read by its primary key) can match, so the cost follows the answer, not
    // the number of users. A shorter term matches many users anyway: one pass over the narrow
    // ix_users_search (names, emails and ids) reads them. The candidates are a derived table joined
    // to users by id: read once, whatever the planner (`id IN (<grouped subquery>)` leaves MySQL a
    // costed choice between reading it once and checking it per user).
    const candidates: { id: number | string; name: string; email: string }[] =
      grams.length > 0
        ? await manager.query(
            `SELECT u.id, u.name, u.email FROM (SELECT user_id FROM user_search_grams WHERE gram IN (${grams.map(() => '?').join(', ')})
               GROUP BY user_id HAVING COUNT(*) = ?) g
             JOIN users u ON u.id = g.user_id`,
            [...grams, grams.length],
          )
        : await manager.query('SELECT id, name, email FROM users');
    // The match itself is decided here, on the folded texts, the same way on both databases (SQLite's
    // LIKE knows no accents, MariaDB's collation does; neither folds `ß` or ligatures alike).
    const term = foldForSearch(search);
    const ids = candidates
      .filter((user) => matchesFoldedTerm(user.name, user.email, term))
      .map((user) => Number(user.id))
      .sort((a, b) => b - a);
    const pageIds = ids.slice(page.offset, page.offset + page.limit);
    const users =
      pageIds.length > 0 ? await manager.find(User, { where: { id: In(pageIds) }, order: { id: 'DESC' } }) : [];
    return [users, ids.length];
  }
}
