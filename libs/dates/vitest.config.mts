import { defineConfig } from 'vitest/config';

// TEST_WALL_CLOCK=<instant> starts the clock there (scripts/test-clock-edges.mjs).
export default defineConfig({ test: { setupFiles: ['../../scripts/lib/shift-wall-clock.cjs'] } });
