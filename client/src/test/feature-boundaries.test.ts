import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Vitest runs in client/: the repository (and eslint.config.mjs) is one level up.
const repoRoot = `${resolve(process.cwd(), '..')}/`;
const eslint = new ESLint({ cwd: repoRoot });

/** The no-restricted-imports messages ESLint gives `code` as if it were the file at `path`. */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}client/src/${path}` });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('feature boundaries (eslint.config.mjs)', () => {
  it("refuses a feature reaching into another feature's internals, with @/ or by climbing out", async () => {
    const file = 'features/booking/components/example.tsx';
    expect(await boundaryErrors(file, "export { useSession } from '@/features/session/session';\n")).toHaveLength(1);
    expect(await boundaryErrors(file, "export { useSession } from '../../session/session';\n")).toHaveLength(1);
    expect(await boundaryErrors('features/booking/example.ts', "export { x } from '../plans/format';\n")).toHaveLength(
      1,
    );
  });

  it('refuses a feature climbing out to the shared layers instead of using @/', async () => {
    const errors = await boundaryErrors(
      'features/plans/components/x.tsx',
      "export { Button } from '../../../components/ui/button';\n",
    );
    expect(errors).toHaveLength(1);
  });

  it("accepts another feature's index, the shared layers through @/ and the feature's own files", async () => {
    const code = [
      "export { useSession } from '@/features/session';",
      "export { Button } from '@/components/ui/button';",
      "export { pricePerClass } from '../format';",
      "export { SlotList } from './slot-list';",
      '',
    ].join('\n');
    expect(await boundaryErrors('features/booking/components/example.tsx', code)).toEqual([]);
  });

  it('refuses shared code importing a feature or a route', async () => {
    expect(
      await boundaryErrors('components/layout/x.tsx', "export { useSession } from '@/features/session';\n"),
    ).toHaveLength(1);
    expect(await boundaryErrors('lib/x.ts', "export { Route } from '../routes/pilates/reservar';\n")).toHaveLength(1);
  });
});
