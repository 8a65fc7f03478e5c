import type { Type } from '@nestjs/common';

/** Finds one of the app's providers by its class, wherever its module is. */
export type ProviderLookup = <T>(type: Type<T>) => T;

/**
 * A named job: what runs, and when. The app lists its jobs in one table (server/src/jobs.ts) and
 * hands it to `JobsModule.forRoot()`; core knows no feature.
 */
export interface JobDefinition {
  /** Its name in SchedulerRegistry, in the logs and in the tests. */
  readonly name: string;
  /** A cron expression, in the server's zone. */
  readonly schedule: string;
  /**
   * One run: a plain method of a service, which the tests call directly. Resolves with how many
   * items it handled (0, or nothing, when there was nothing to do).
   */
  readonly run: (get: ProviderLookup) => Promise<number | void>;
}

/** The injection token of the app's job table. */
export const JOB_TABLE = Symbol('JOB_TABLE');
