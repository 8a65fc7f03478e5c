// Part of `npm run lint`: proves the layer rule of eslint.config.mjs still fires. Each snippet
// below, linted as a service, controller or guard, must be refused; the same code in a
// repository must pass. Exit code 1 otherwise.
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });
const violations = {
  'a data source injected': `import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
export class S { constructor(@InjectDataSource() private readonly ds: DataSource) {} }`,
  'a TypeORM repository injected': `import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
export class S { constructor(@InjectRepository(Object) private readonly r: Repository<object>) {} }`,
  'a query builder': `export async function f(m: { createQueryBuilder(): unknown }) { return m.createQueryBuilder(); }`,
  'plain SQL through a manager': `export async function f(manager: { query(sql: string): unknown }) { return manager.query('SELECT 1'); }`,
  'the data source by name': `export function f(dataSource: unknown) { return dataSource; }`,
};
const places = [
  'server/src/reservations/x.service.ts',
  'server/src/reservations/x.controller.ts',
  'server/src/core/auth/x.guard.ts',
];
const failures = [];
for (const [what, code] of Object.entries(violations)) {
  for (const filePath of places) {
    const [result] = await eslint.lintText(code, { filePath });
    const fired = result.messages.some(
      (m) => m.ruleId === 'no-restricted-syntax' || m.ruleId === 'no-restricted-imports',
    );
    if (!fired) failures.push(`${what} in ${filePath} was not refused`);
  }
  const [inRepository] = await eslint.lintText(code, { filePath: 'server/src/reservations/x.repository.ts' });
  const refused = inRepository.messages.filter(
    (m) => m.ruleId === 'no-restricted-syntax' || m.ruleId === 'no-restricted-imports',
  );
  if (refused.length > 0) failures.push(`${what} in a repository was refused: ${refused[0].message}`);
}
if (failures.length > 0) {
  console.error(`The layer rule no longer holds:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Layer rule: ${Object.keys(violations).length} kinds of data access refused in services, controllers and guards, allowed in repositories.`,
);
