import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable, Module } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { Clock } from '../core/clock/clock';
import { AuthRateLimit } from './entities/auth-rate-limit.entity';

/** Windows that ended this long ago are deleted by the hourly sweep. */
const KEEP_ENDED_WINDOWS_MS = 60 * 60_000;

/**
 * The auth endpoints' per-address counters in the database (table auth_rate_limits), so that
 * with several replicas behind the load balancer the limit holds for the studio as a whole:
 * counted in memory, each replica would allow its own AUTH_RATE_LIMIT.
 *
 * A fixed window per address: the first request opens a window of `ttl`; every request in it
 * counts; past AUTH_RATE_LIMIT the address is refused until the window ends. The count and the
 * window change in one statement (an upsert), so concurrent requests on any replica never lose a hit.
 */
@Injectable()
export class AuthRateLimitRepository implements ThrottlerStorage {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly clock: Clock,
  ) {}

  async increment(key: string, ttl: number, limit: number): ReturnType<ThrottlerStorage['increment']> {
    const now = this.clock.now().getTime();
    const windowEnds = now + ttl;
    const mysql = this.txHost.tx.connection.options.type === 'mysql';
    const row = await this.txHost.withTransaction(async () => {
      // A window that has ended starts again at 1. MySQL applies the assignments left to right,
      // so `hits` is set first, while window_ends_at_ms still holds the old window.
      await this.txHost.tx.query(
        mysql
          ? `INSERT INTO auth_rate_limits (bucket, hits, window_ends_at_ms) VALUES (?, 1, ?)
             ON DUPLICATE KEY UPDATE
               hits = IF(window_ends_at_ms <= ?, 1, hits + 1),
               window_ends_at_ms = IF(window_ends_at_ms <= ?, ?, window_ends_at_ms)`
          : `INSERT INTO auth_rate_limits (bucket, hits, window_ends_at_ms) VALUES (?, 1, ?)
             ON CONFLICT (bucket) DO UPDATE SET
               hits = CASE WHEN window_ends_at_ms <= ? THEN 1 ELSE hits + 1 END,
               window_ends_at_ms = CASE WHEN window_ends_at_ms <= ? THEN ? ELSE window_ends_at_ms END`,
        [key, windowEnds, now, now, windowEnds],
      );
      const rows: { hits: number | string; ends: number | string }[] = await this.txHost.tx.query(
        'SELECT hits, window_ends_at_ms AS ends FROM auth_rate_limits WHERE bucket = ?',
        [key],
      );
      return rows[0];
    });
    const totalHits = Number(row.hits);
    const secondsLeft = Math.max(0, Math.ceil((Number(row.ends) - now) / 1000));
    const isBlocked = totalHits > limit;
    return { totalHits, timeToExpire: secondsLeft, isBlocked, timeToBlockExpire: isBlocked ? secondsLeft : 0 };
  }

  /**
   * The auth-rate-limits-sweep job (hourly): counters whose window ended over an hour ago serve no
   * one. Returns how many it deleted.
   */
  async deleteEnded(): Promise<number> {
    const before = this.clock.now().getTime() - KEEP_ENDED_WINDOWS_MS;
    const deleted = await this.txHost.tx
      .createQueryBuilder()
      .delete()
      .from(AuthRateLimit)
      .where('window_ends_at_ms < :before', { before })
      .execute();
    return deleted.affected ?? 0;
  }
}

/** Provides the counters to ThrottlerModule's factory (see AuthModule). */
@Module({ providers: [AuthRateLimitRepository], exports: [AuthRateLimitRepository] })
export class AuthRateLimitModule {}
