import type { TestProject } from 'vitest/node';
import { startServer } from './server';

export { ADMIN } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: mails land in its outbox/ folder. */
    dataDir: string;
  }
}

/** Starts the built server (npm run build first) on a free port with a fresh SQLite database. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer('server');
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  return server.stop;
}
