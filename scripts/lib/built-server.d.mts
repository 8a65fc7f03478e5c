// Types for built-server.mjs, so the TypeScript browser tests can start the built server too.
import type { ChildProcess } from 'node:child_process';

export const ROOT: string;
export function freePort(): Promise<number>;

export interface BuiltServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
  alive(): boolean;
  child: ChildProcess;
  stderrTail(chars?: number): string;
}

export function startBuiltServer(
  name: string,
  env?: Record<string, string>,
  options?: { logFile?: string; port?: number; nodeArgs?: string[]; root?: string },
): Promise<BuiltServer>;
