import type { TransactionService } from './transaction.service';

/**
 * Makes a service method one transaction: it joins the caller's when one is active, else starts
 * one (deadlocks retried on MySQL, the whole method again). The library's `@Transactional()` finds
 * its host through a process-wide registry, which a second app in the same process (tests of
 * replicas) would take over, and cannot retry; this one uses the instance's own
 * `transactions`.
 */
export function InTransaction() {
  return <Args extends unknown[], R>(
    _target: { readonly transactions: TransactionService },
    _key: string | symbol,
    descriptor: TypedPropertyDescriptor<(...args: Args) => Promise<R>>,
  ): void => {
    const original = descriptor.value!;
    descriptor.value = function (this: { readonly transactions: TransactionService }, ...args: Args): Promise<R> {
      return this.transactions.run(() => original.apply(this, args));
    };
  };
}
