import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, LessThan, MoreThan } from 'typeorm';
import { Session } from '../core/auth/session.entity';
import { LoginFailure } from './entities/login-failure.entity';
import { PasswordResetToken } from './entities/password-reset-token.entity';

/** All SQL of login attempts, password-reset links and the sessions a password change ends. */
@Injectable()
export class AuthRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records a login attempt for an email; its id. */
  async insertAttempt(email: string, at: Date): Promise<number> {
    const inserted = await this.dataSource.manager.insert(LoginFailure, { email, createdAt: at });
    return Number((inserted.identifiers[0] as { id: number }).id);
  }

  countAttemptsSince(email: string, since: Date): Promise<number> {
    return this.dataSource.manager.countBy(LoginFailure, { email, createdAt: MoreThan(since) });
  }

  async deleteAttempt(id: number): Promise<void> {
    await this.dataSource.manager.delete(LoginFailure, { id });
  }

  async deleteAttemptsBefore(email: string, before: Date): Promise<void> {
    await this.dataSource.manager.delete(LoginFailure, { email, createdAt: LessThan(before) });
  }

  async clearAttempts(email: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.delete(LoginFailure, { email });
  }

  /** How many reset links of the user expire after `after`. */
  countResetLinksExpiringAfter(manager: EntityManager, userId: number, after: Date): Promise<number> {
    return manager.countBy(PasswordResetToken, { userId, expiresAt: MoreThan(after) });
  }

  /** Retires the user's unused reset links. */
  async retireResetLinks(manager: EntityManager, userId: number, at: Date): Promise<void> {
    await manager.update(PasswordResetToken, { userId, usedAt: IsNull() }, { usedAt: at });
  }

  async insertResetLink(
    manager: EntityManager,
    userId: number,
    link: Pick<PasswordResetToken, 'tokenHash' | 'expiresAt' | 'credentialsHash'>,
  ): Promise<void> {
    await manager.insert(PasswordResetToken, { userId, ...link, usedAt: null });
  }

  resetLinkByHash(tokenHash: string, manager: EntityManager = this.dataSource.manager) {
    return manager.findOneBy(PasswordResetToken, { tokenHash });
  }

  /** Spends a reset link, once: of two simultaneous uses, only one sees a row change. */
  async spendResetLink(manager: EntityManager, id: number, at: Date): Promise<boolean> {
    const spent = await manager
      .createQueryBuilder()
      .update(PasswordResetToken)
      .set({ usedAt: at })
      .where('id = :id AND used_at IS NULL', { id })
      .execute();
    return spent.affected === 1;
  }

  /** Ends every session of the user but `keepSessionId`. */
  async revokeOtherSessions(manager: EntityManager, userId: number, keepSessionId: string, at: Date): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(Session)
      .set({ revokedAt: at })
      .where('user_id = :userId AND id <> :sessionId AND revoked_at IS NULL', { userId, sessionId: keepSessionId })
      .execute();
  }
}
