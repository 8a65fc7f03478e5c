import { execFileSync } from 'node:child_process';

/**
 * The machine's clock in milliseconds, read by `date` in a child process: the clock the scripts the
 * tests run (backups, drills) see. The test process's own `Date` may be moved (TEST_WALL_CLOCK).
 */
export const machineNowMs = (): number => Number(execFileSync('date', ['+%s%3N'], { encoding: 'utf8' }).trim());
