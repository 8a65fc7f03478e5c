import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { User } from '../auth/entities';

/** The SQL of the personal calendar feeds: each user's secret token. */
@Injectable()
export class CalendarFeedRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async tokenOf(userId: number): Promise<string | null> {
    const user = await this.txHost.tx.findOne(User, {
      select: { id: true, calendarToken: true },
      where: { id: userId },
    });
    return user?.calendarToken ?? null;
  }

  /** Sets the token only while the user has none: two first requests at once end with one token. */
  async setTokenIfNone(userId: number, token: string): Promise<void> {
    await this.txHost.tx
      .createQueryBuilder()
      .update(User)
      .set({ calendarToken: token })
      .where('id = :id AND calendar_token IS NULL', { id: userId })
      .execute();
  }

  async setToken(userId: number, token: string): Promise<void> {
    await this.txHost.tx.update(User, { id: userId }, { calendarToken: token });
  }

  /** The active user a token belongs to. */
  async activeUserIdByToken(token: string): Promise<number | null> {
    const user = await this.txHost.tx.findOne(User, {
      select: { id: true },
      where: { calendarToken: token, active: true },
    });
    return user?.id ?? null;
  }
}
