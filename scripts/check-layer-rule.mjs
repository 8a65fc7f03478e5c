// Part of `npm run lint`: proves the layer rule of eslint.config.mjs still fires. Each snippet
// below, linted as a service, controller or guard, must be refused; the same code in a
// repository must pass; an import from server/src/core into a feature module must be refused too;
// a module reaching into another module's internals must be refused, through its index or its
// entities entry it must pass. Exit code 1 otherwise.
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
  "the ambient transaction's manager": `export async function f(txHost: { tx: { find(): unknown } }) { return txHost.tx.find(); }`,
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

// core uses no feature: an import leaving server/src/core is refused (but the app's root module).
const coreImports = {
  'server/src/core/auth/x.ts': "import { User } from '../../auth/entities/user.entity';\nexport const u = User;",
  'server/src/core/x.module.ts':
    "import { PlanesModule } from '../planes/planes.module';\nexport const m = PlanesModule;",
  'server/src/core/database/x.ts': "import { schema } from '../../database/schema';\nexport const s = schema;",
  'server/src/core/auth/x.guard.ts': "import { Caller } from '../../reservations/x';\nexport type C = Caller;",
};
for (const [filePath, code] of Object.entries(coreImports)) {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result.messages.some((m) => m.ruleId === 'no-restricted-imports')) {
    failures.push(`a feature import in ${filePath} was not refused`);
  }
}
const insideCore =
  "import { Clock } from '../clock/clock';\nimport { AppModule } from '../../app.module';\nexport const c = [Clock, AppModule];";
const [inCore] = await eslint.lintText(insideCore, { filePath: 'server/src/core/http/x.ts' });
const refusedInCore = inCore.messages.filter((m) => m.ruleId === 'no-restricted-imports');
if (refusedInCore.length > 0) failures.push(`an import inside core was refused: ${refusedInCore[0].message}`);

// Modules reach each other only through an index.ts or an entities entry.
const intoInternals = {
  'server/src/admin/x.service.ts':
    "import { PlansRepository } from '../planes/plans.repository';\nexport const r = PlansRepository;",
  'server/src/admin/dto/x.dto.ts': "import { UserDto } from '../../auth/dto/user.dto';\nexport const d = UserDto;",
  'server/src/payments/entities/x.entity.ts':
    "import { Plan } from '../../planes/entities/plan.entity';\nexport const p = Plan;",
  'server/src/app.module.ts': "import { AdminModule } from './admin/admin.module';\nexport const m = AdminModule;",
};
for (const [filePath, code] of Object.entries(intoInternals)) {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result.messages.some((m) => m.ruleId === 'no-restricted-imports')) {
    failures.push(`an import of another module's internals in ${filePath} was not refused`);
  }
}
const throughIndex = {
  'server/src/admin/x.service.ts': "import { PlanesService } from '../planes';\nexport const s = PlanesService;",
  'server/src/admin/dto/x.dto.ts': "import { UserDto } from '../../auth';\nexport const d = UserDto;",
  'server/src/payments/entities/x.entity.ts': "import { Plan } from '../../planes/entities';\nexport const p = Plan;",
  'server/src/app.module.ts': "import { AdminModule } from './admin';\nexport const m = AdminModule;",
};
for (const [filePath, code] of Object.entries(throughIndex)) {
  const [result] = await eslint.lintText(code, { filePath });
  const refused = result.messages.filter((m) => m.ruleId === 'no-restricted-imports');
  if (refused.length > 0) failures.push(`an import through an index in ${filePath} was refused: ${refused[0].message}`);
}

if (failures.length > 0) {
  console.error(`The layer rule no longer holds:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Layer rule: ${Object.keys(violations).length} kinds of data access refused in services, controllers and guards, allowed in repositories; ` +
    `core imports no feature (${Object.keys(coreImports).length} samples refused); ` +
    `modules reach each other only through their index or entities entry (${Object.keys(intoInternals).length} samples refused).`,
);
