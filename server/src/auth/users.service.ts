import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { isUniqueViolation } from '../core/errors/database-errors';
import { AuthError, AuthErrorCode } from './auth.errors';
import { User } from './entities/user.entity';

export interface ProfileChanges {
  name?: string;
  email?: string;
  birthDate?: string;
}

/** Reads and changes user records; the rules on who may change whom live in the callers. */
@Injectable()
export class UsersService {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  findById(id: number): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email });
  }

  async getById(id: number): Promise<User> {
    const user = await this.findById(id);
    if (!user) throw new AuthError(AuthErrorCode.USER_NOT_FOUND);
    return user;
  }

  /** Refuses an email another account uses (409); the unique index settles a race. */
  async assertEmailFree(email: string, exceptUserId?: number): Promise<void> {
    const owner = await this.findByEmail(email);
    if (owner && owner.id !== exceptUserId) throw new AuthError(AuthErrorCode.EMAIL_TAKEN);
  }

  async updateProfile(userId: number, changes: ProfileChanges): Promise<User> {
    const user = await this.getById(userId);
    if (changes.email !== undefined && changes.email !== user.email) {
      await this.assertEmailFree(changes.email, user.id);
    }
    if (changes.name !== undefined) user.name = changes.name;
    if (changes.email !== undefined) user.email = changes.email;
    if (changes.birthDate !== undefined) user.birthDate = changes.birthDate;
    return this.saveUnique(user);
  }

  /** Saves, turning a lost race on the unique email into the same 409 as the check. */
  async saveUnique(user: User): Promise<User> {
    try {
      return await this.users.save(user);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AuthError(AuthErrorCode.EMAIL_TAKEN);
      throw error;
    }
  }
}
