import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { IsNull, LessThan, MoreThan } from 'typeorm';
import { Session } from '../core/auth/session.entity';
import { LoginFailure } from './entities/login-failure.entity';
import { PasswordResetToken } from './entities/password-reset-token.entity';

/** All SQL of login attempts, password-reset links and the sessions a password change ends. */
@Injectable()
export class AuthRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Records a login attempt for an email; its id. */
  async insertAttempt(email: string, at: Date): Promise<number> {
    const inserted = await this.txHost.tx.insert(LoginFailure, { email, createdAt: at });
    return Number((inserted.identifiers[0] as { id: number }).id);
  }

  countAttemptsSince(email: string, since: Date): Promise<number> {
    return this.txHost.tx.countBy(LoginFailure, { email, createdAt: MoreThan(since) });
  }

  async deleteAttempt(id: number): Promise<void> {
    await this.txHost.tx.delete(LoginFailure, { id });
  }

  async deleteAttemptsBefore(email: string, before: Date): Promise<void> {
    await this.txHost.tx.delete(LoginFailure, { email, createdAt: LessThan(before) });
  }

  async clearAttempts(email: string): Promise<void> {
    await this.txHost.tx.delete(LoginFailure, { email });
  }

  /** How many reset links of the user expire after `after`. */
  countResetLinksExpiringAfter(userId: number, after: Date): Promise<number> {
    return this.txHost.tx.countBy(PasswordResetToken, { userId, expiresAt: MoreThan(after) });
  }

  /** Retires the user's unused reset links. */
  async retireResetLinks(userId: number, at: Date): Promise<void> {
    await this.txHost.tx.update(PasswordResetToken, { userId, usedAt: IsNull() }, { usedAt: at });
  }

  async insertResetLink(
    userId: number,
    link: Pick<PasswordResetToken, 'tokenHash' | 'expiresAt' | 'credentialsHash'>,
  ): Promise<void> {
    await this.txHost.tx.insert(PasswordResetToken, { userId, ...link, usedAt: null });
  }

  resetLinkByHash(tokenHash: string) {
    return this.txHost.tx.findOneBy(PasswordResetToken, { tokenHash });
  }

  /** Spends a reset link, once: of two simultaneous uses, only one sees a row change. */
  async spendResetLink(id: number, at: Date): Promise<boolean> {
    const spent = await this.txHost.tx
      .createQueryBuilder()
      .update(PasswordResetToken)
      .set({ usedAt: at })
      .where('id = :id AND used_at IS NULL', { id })
      .execute();
    return spent.affected === 1;
  }

  /** Ends every session of the user but `keepSessionId`. */
  async revokeOtherSessions(userId: number, keepSessionId: string, at: Date): Promise<void> {
    await this.txHost.tx
      .createQueryBuilder()
      .update(Session)
      .set({ revokedAt: at })
      .where('user_id = :userId AND id <> :sessionId AND revoked_at IS NULL', { userId, sessionId: keepSessionId })
      .execute();
  }
}
