import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/**
 * TypeORM's better-sqlite3 driver gives the whole app one connection and one query runner.
 * A transaction spans several awaits, and whatever else runs meanwhile lands on that same
 * connection, inside the open transaction: a payment row inserted by another request is rolled
 * back with a booking that ends in CLASS_FULL, and reads see rows not yet committed.
 *
 * Installed on a SQLite data source, this makes the connection take one thing at a time, first
 * come first served. A transaction — `dataSource.transaction()`, or the one `save()` opens by
 * itself — holds the connection from BEGIN to COMMIT/ROLLBACK; any other query waits for its
 * turn. The transaction's own queries are recognised by their async context and go straight
 * through; a transaction opened inside it is a savepoint and runs in place. better-sqlite3 runs
 * each statement synchronously, so the queue costs a promise per query, not throughput.
 */
const turns = new WeakMap<DataSource, <T>(work: () => T) => T | Promise<T>>();

/**
 * Runs a synchronous statement on a serialized SQLite data source in its turn: at once when the
 * connection is free (or already the caller's), after the transactions queued before it otherwise.
 */
export function sqliteTurn(dataSource: DataSource): <T>(work: () => T) => T | Promise<T> {
  const turn = turns.get(dataSource);
  if (!turn) throw new Error('serializeSqlite() was not installed on this data source');
  return turn;
}

export function serializeSqlite(dataSource: DataSource): void {
  const owner = new AsyncLocalStorage<object>();
  /** What holds the connection now: a transaction or a single query. */
  let holder: object | undefined;
  /** Set while a transaction TypeORM opened by itself holds the connection. */
  let handOnImplicit: (() => void) | undefined;
  let tail: Promise<void> = Promise.resolve();
  /** Turns taken or waited for and not yet handed on: 0 when the connection is idle. */
  let pending = 0;

  /** Waits for the connection's turn; resolves with the function that hands it on. */
  const acquire = (): Promise<() => void> => {
    const previous = tail;
    let resolveMine!: () => void;
    const mine = new Promise<void>((resolve) => (resolveMine = resolve));
    pending++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      pending--;
      resolveMine();
    };
    tail = previous.then(() => mine);
    return previous.then(() => release);
  };
  const holds = () => holder !== undefined && owner.getStore() === holder;

  /** Runs `work` alone on the connection, in its own async context (nothing leaks to the caller). */
  const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
    if (holds()) return work();
    const release = await acquire();
    const token = {};
    holder = token;
    try {
      return await owner.run(token, work);
    } finally {
      holder = undefined;
      release();
    }
  };

  // A synchronous read (better-sqlite3 runs a statement to its end before returning) needs no turn
  // when nothing holds or waits for the connection, or when its caller holds it already.
  turns.set(dataSource, <T>(work: () => T): T | Promise<T> =>
    holds() || pending === 0 ? work() : exclusive(async () => work()),
  );

  const runner: QueryRunner = dataSource.driver.createQueryRunner('master');
  const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
  runner.query = ((...args: unknown[]) =>
    holds() ? query(...args) : exclusive(() => query(...args))) as QueryRunner['query'];

  // dataSource.transaction() and manager.transaction(): the callback runs holding the connection.
  const manager: EntityManager = dataSource.manager;
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  manager.transaction = ((...args: unknown[]) => exclusive(() => transaction(...args))) as EntityManager['transaction'];

  // The transaction save() (or a migration) opens by itself: TypeORM calls it from its own
  // callback, so enterWith() marks that callback's context as the holder. Not async on purpose:
  // the mark must be made in the caller's context, before its `await`.
  const startTransaction = runner.startTransaction.bind(runner);
  runner.startTransaction = (isolation) => {
    if (holds()) return startTransaction(isolation);
    const token = {};
    owner.enterWith(token);
    return acquire().then(async (release) => {
      holder = token;
      handOnImplicit = () => {
        holder = undefined;
        handOnImplicit = undefined;
        release();
      };
      try {
        await startTransaction(isolation);
      } catch (error) {
        handOnImplicit();
        throw error;
      }
    });
  };
  const endImplicit = (force: boolean) => {
    if (handOnImplicit && holds() && (force || !runner.isTransactionActive)) handOnImplicit();
  };
  const commit = runner.commitTransaction.bind(runner);
  runner.commitTransaction = async () => {
    await commit();
    // After the outermost COMMIT only (releasing a savepoint leaves the transaction open).
    endImplicit(false);
  };
  const rollback = runner.rollbackTransaction.bind(runner);
  runner.rollbackTransaction = async () => {
    let failed = false;
    try {
      await rollback();
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      // A failed ROLLBACK must not keep the connection from everyone else.
      endImplicit(failed);
    }
  };
}
