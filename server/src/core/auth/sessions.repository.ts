import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { IsNull, LessThan, Not } from 'typeorm';
import { Session } from './session.entity';

/** All SQL of the `sessions` table (the per-request read is SESSION_USER_SQL, on the driver). */
@Injectable()
export class SessionsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async insert(session: Session): Promise<void> {
    await this.txHost.tx.insert(Session, session);
  }

  /** Rows of the user's sessions past their end. */
  async deleteEndedOf(userId: number, now: Date): Promise<void> {
    await this.txHost.tx.delete(Session, { userId, expiresAt: LessThan(now) });
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.txHost.tx.update(Session, { id }, { lastSeenAt: at });
  }

  /** Revokes one session unless it was revoked already. */
  async revoke(id: string, at: Date): Promise<void> {
    await this.txHost.tx.update(Session, { id, revokedAt: IsNull() }, { revokedAt: at });
  }

  /** Revokes every open session of the user, or every one but `exceptId`. */
  async revokeAllOf(userId: number, at: Date, exceptId?: string): Promise<void> {
    await this.txHost.tx.update(
      Session,
      { userId, revokedAt: IsNull(), ...(exceptId ? { id: Not(exceptId) } : {}) },
      { revokedAt: at },
    );
  }
}
