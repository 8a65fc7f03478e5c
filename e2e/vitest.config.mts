import { defineConfig } from 'vitest/config';

/** Browser journeys against the production build, served on 127.0.0.1 by global-setup. */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll gives up after 1 s by default: a toast or a reload after a server round trip can take
    // longer on a busy 2-core machine. Polling still answers as soon as the page is right.
    expect: { poll: { timeout: 10_000 } },
  },
});
