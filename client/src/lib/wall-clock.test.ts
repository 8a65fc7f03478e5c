import { describe, expect, it } from 'vitest';

// scripts/test-clock-edges.mjs runs the zone-sensitive files with TEST_WALL_CLOCK set: this proves the
// clock the code under test reads was moved there (else those runs would prove nothing), and is the
// real one otherwise.
describe('the wall clock of the test run', () => {
  it('starts at TEST_WALL_CLOCK when set, and is the machine’s otherwise', () => {
    const wanted = process.env.TEST_WALL_CLOCK;
    const expected = wanted ? Date.parse(wanted) : performance.timeOrigin + performance.now();
    expect(Date.now() - expected).toBeGreaterThanOrEqual(wanted ? 0 : -1000);
    expect(Date.now() - expected).toBeLessThan(5 * 60_000);
    expect(Math.abs(new Date().getTime() - Date.now())).toBeLessThan(1000);
    expect(new Date(0).toISOString()).toBe('1970-01-01T00:00:00.000Z');
  });
});
