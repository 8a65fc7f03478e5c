import { Injectable } from '@nestjs/common';
import { TransactionService } from '../core/database/transaction.service';
import { isUniqueViolation } from '../core/errors/database-errors';
import { AuthError, AuthErrorCode } from './auth.errors';
import type { Role, User } from './entities/user.entity';
import { UsersRepository } from './users.repository';

export interface ProfileChanges {
  name?: string;
  email?: string;
  birthDate?: string;
  role?: Role;
}

export interface NewAccount {
  name: string;
  email: string;
  birthDate: string;
  passwordHash: string;
}

/** What an audit entry or an admin row shows of a user. */
/** The domain of a deleted account's replacement email (.invalid is reserved, RFC 2606: never delivered). */
export const DELETED_ACCOUNT_DOMAIN = 'cuenta-eliminada.invalid';

/** An account anonymised by «Eliminar mi cuenta»: it is never activated again. */
export const isDeletedAccount = (email: string): boolean => email.endsWith(`@${DELETED_ACCOUNT_DOMAIN}`);

export const userSnapshot = (user: User) => ({
  name: user.name,
  email: user.email,
  cumpleanos: user.birthDate,
  role: user.role,
  active: user.active,
});

/**
 * Reads and changes user records; the rules on who may change whom live in the callers (admin's
 * user tools among them, which reach the users' statements only through here).
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly transactions: TransactionService,
  ) {}

  findById(id: number): Promise<User | null> {
    return this.users.byId(id);
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.byEmail(email);
  }

  /**
   * The user's favourite reformer with its name, while it is in the room: a retired one reads as
   * none. Most users have none, and then no query runs (the session answer comes on every page).
   */
  async favouriteSpotOf(user: Pick<User, 'favouriteSpotId'>): Promise<{ id: number; label: string } | null> {
    if (user.favouriteSpotId === null || user.favouriteSpotId === undefined) return null;
    const spot = await this.users.liveSpot(user.favouriteSpotId);
    return spot ? { id: spot.id, label: spot.label } : null;
  }

  async getById(id: number): Promise<User> {
    const user = await this.users.byId(id);
    if (!user) throw new AuthError(AuthErrorCode.USER_NOT_FOUND);
    return user;
  }

  /** A new active client account, inside the caller's transaction (409 when the email is taken). */
  async createInside(account: NewAccount): Promise<User> {
    await this.assertEmailFree(account.email);
    return this.users.save({
      ...account,
      role: 'user',
      active: true,
      phone: null,
      sessionVersion: 0,
      calendarToken: null,
    });
  }

  /** The first admin (the first-start seed), inside the caller's transaction. */
  createAdminInside(account: NewAccount): Promise<User> {
    return this.users.save({
      ...account,
      role: 'admin',
      active: true,
      phone: null,
      sessionVersion: 0,
      calendarToken: null,
    });
  }

  /** A user changes their own profile. */
  updateProfile(userId: number, changes: ProfileChanges): Promise<User> {
    return this.inTransaction(async () => (await this.changeInside(userId, changes)).user);
  }

  /** Applies the changes given (undefined = keep) and returns the user before and after. */
  async changeInside(
    userId: number,
    changes: ProfileChanges,
  ): Promise<{ user: User; before: ReturnType<typeof userSnapshot> }> {
    const user = await this.getById(userId);
    const before = userSnapshot(user);
    if (changes.email !== undefined && changes.email !== user.email) {
      await this.assertEmailFree(changes.email, user.id);
    }
    if (changes.name !== undefined) user.name = changes.name;
    if (changes.email !== undefined) user.email = changes.email;
    if (changes.birthDate !== undefined) user.birthDate = changes.birthDate;
    if (changes.role !== undefined) user.role = changes.role;
    return { user: await this.users.save(user), before };
  }

  /**
   * Runs account work in one transaction; a lost race on the unique email (the check passed,
   * another request inserted first) becomes the same 409 as the check.
   */
  async inTransaction<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await this.transactions.run(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AuthError(AuthErrorCode.EMAIL_TAKEN);
      throw error;
    }
  }

  // The users' statements other modules need (admin's user tools), handed to UsersRepository as
  // they are: they run on the caller's ambient transaction.

  /** Deactivates a user and ends every session of theirs. */
  deactivate(id: number): Promise<void> {
    return this.users.deactivate(id);
  }

  activate(id: number): Promise<void> {
    return this.users.activate(id);
  }

  /**
   * The ids of the active admins. `lock`: their rows are locked first (MySQL), so two admins
   * removing each other at the same moment are serialised; SQLite runs one transaction at a time.
   */
  activeAdminIds(lock: boolean): Promise<number[]> {
    return this.users.activeAdminIds(lock);
  }

  /**
   * One page of users, newest first; `search` keeps those whose name or email contains it (any
   * case). And how many there are.
   */
  pageOf(search: string | undefined, page: { offset: number; limit: number }): Promise<[User[], number]> {
    return this.users.pageOf(search, page);
  }

  private async assertEmailFree(email: string, exceptUserId?: number): Promise<void> {
    const owner = await this.users.byEmail(email);
    if (owner && owner.id !== exceptUserId) throw new AuthError(AuthErrorCode.EMAIL_TAKEN);
  }
}
