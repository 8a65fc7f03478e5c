import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { User } from './entities/user.entity';

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

  /** Inserts a new user or saves the changes of a loaded one. */
  save(user: User | Partial<User>): Promise<User> {
    const tx = this.txHost.tx;
    return user instanceof User ? tx.save(user) : tx.save(tx.create(User, user));
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
   * One page of users, newest first; `pattern` (a LIKE pattern with `!` as escape, lower case)
   * keeps those whose name or email matches. And how many there are.
   */
  async pageOf(pattern: string | undefined, page: { offset: number; limit: number }): Promise<[User[], number]> {
    const manager = this.txHost.tx;
    if (pattern === undefined) {
      return manager
        .createQueryBuilder(User, 'u')
        .orderBy('u.id', 'DESC')
        .skip(page.offset)
        .take(page.limit)
        .getManyAndCount();
    }
    // One pass over the narrow ix_users_search (name, email and the id) finds every match: the
    // total and the page's ids, instead of a count and a page each scanning the rows. LIKE already
    // ignores case on both drivers for what LOWER() changed (ASCII on SQLite; MySQL compares with
    // the column's case-insensitive collation), and the pattern comes lower-cased.
    const matches: { id: number | string }[] = await manager.query(
      "SELECT id FROM users WHERE name LIKE ? ESCAPE '!' OR email LIKE ? ESCAPE '!'",
      [pattern, pattern],
    );
    const ids = matches.map((row) => Number(row.id)).sort((a, b) => b - a);
    const pageIds = ids.slice(page.offset, page.offset + page.limit);
    const users =
      pageIds.length > 0 ? await manager.find(User, { where: { id: In(pageIds) }, order: { id: 'DESC' } }) : [];
    return [users, ids.length];
  }
}
