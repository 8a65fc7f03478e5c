import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** What a service, controller or guard may not import: data access lives in the module's repository. */
const DATA_ACCESS_IMPORTS = [
  {
    name: 'typeorm',
    importNames: ['DataSource', 'Repository', 'QueryBuilder', 'SelectQueryBuilder'],
    message: 'El acceso a datos va en el repositorio del módulo (*.repository.ts).',
  },
  {
    name: '@nestjs/typeorm',
    importNames: ['InjectDataSource', 'InjectRepository', 'InjectEntityManager'],
    message: 'El acceso a datos va en el repositorio del módulo (*.repository.ts).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'client/src/api/generated/**',
      'client/src/routeTree.gen.ts',
      '.nx/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      // Nest modules are classes without members by design.
      '@typescript-eslint/no-extraneous-class': 'off',
    },
  },
  {
    // Layers: services, controllers and guards hold rules; each module's *.repository.ts holds its
    // SQL and TypeORM access (core/database is the seam itself). See docs/architecture.md.
    files: ['server/src/**/*.{service,controller,guard}.ts'],
    // server/src/database is the app's schema and first-start seed, beside the migrations.
    ignores: ['server/src/core/database/**', 'server/src/database/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: DATA_ACCESS_IMPORTS }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='createQueryBuilder']",
          message: 'El SQL va en el repositorio del módulo (*.repository.ts).',
        },
        {
          selector: "CallExpression[callee.property.name='query']",
          message: 'El SQL va en el repositorio del módulo (*.repository.ts).',
        },
        {
          selector: "Identifier[name='dataSource']",
          message: 'El acceso a datos va en el repositorio del módulo (*.repository.ts).',
        },
        {
          // The ambient transaction's EntityManager (TransactionHost.tx): the service opens the
          // transaction (@InTransaction, TransactionService.run), its repositories use it.
          selector: "MemberExpression[property.name='tx']",
          message: 'El acceso a datos va en el repositorio del módulo (*.repository.ts).',
        },
      ],
    },
  },
  // core is the plumbing every module uses, so it uses none of them: nothing in server/src/core imports
  // from outside core but the app's root module (create-app.ts mounts it). The features hand core
  // what it needs (the schema, the account's mapping). Specs may import a feature's DTO as a sample.
  // A file here that is also a service, controller or guard keeps the data-access rule above.
  ...[1, 2, 3, 4].flatMap((depth) => {
    const files = [`server/src/core/${'*/'.repeat(depth - 1)}*.ts`];
    const patterns = [
      {
        regex: `^(\\.\\./){${depth}}(?!app\\.module$)`,
        message: 'core no importa módulos de la aplicación (admin, auth, planes, …): que el módulo se lo entregue.',
      },
    ];
    return [
      { files, ignores: ['**/*.spec.ts'], rules: { 'no-restricted-imports': ['error', { patterns }] } },
      {
        files: files.map((f) => f.replace(/\*\.ts$/, '*.{service,controller,guard}.ts')),
        ignores: ['**/*.spec.ts', 'server/src/core/database/**'],
        rules: { 'no-restricted-imports': ['error', { paths: DATA_ACCESS_IMPORTS, patterns }] },
      },
    ];
  }),
  // Module boundaries on the server: every folder of server/src but core and database is a module,
  // and code outside a module (another module, database/, scripts/, app.module.ts, jobs.ts) reaches
  // it only through its index.ts (../planes) or its entities entry (../planes/entities, the entity
  // classes: loading it loads no service, so entities relate across modules without import
  // cycles). Depth 0 is server/src itself. An ESLint rule's options are not merged across blocks,
  // so services, controllers and guards get the data-access rule above again with this one.
  ...[0, 1, 2, 3].flatMap((depth) => {
    const up = depth === 0 ? '\\./' : `(\\.\\./){${depth}}`;
    const dir = `server/src/${'*/'.repeat(depth)}`;
    const patterns = [
      {
        regex: `^${up}(?!(core|database)/)[^./][^/]*/(?!((entities/)?index|entities)$).+`,
        message:
          'Import another module through its index (../<name>) or its entities (../<name>/entities), not its internals.',
      },
    ];
    return [
      {
        files: [`${dir}*.ts`],
        // Test code builds services on fakes of other modules' repositories: the specs and their
        // fakes (server/src/testing, never imported by the app) may reach internals.
        ignores: ['server/src/core/**', 'server/src/testing/**', '**/*.spec.ts'],
        rules: { 'no-restricted-imports': ['error', { patterns }] },
      },
      {
        files: [`${dir}*.{service,controller,guard}.ts`],
        ignores: ['server/src/core/**', 'server/src/database/**'],
        rules: { 'no-restricted-imports': ['error', { paths: DATA_ACCESS_IMPORTS, patterns }] },
      },
    ];
  }),
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Feature boundaries: a feature reaches another only through its index.ts, and reaches the
  // shared layers (api, components, lib, content) through the `@/` alias, never by climbing out.
  ...[1, 2, 3].map((depth) => ({
    files: [`client/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth}}`,
              message: 'Outside this feature, import with @/ (another feature only through @/features/<name>).',
            },
            {
              regex: '^@/features/[^/]+/.+',
              message: 'Import another feature through its index (@/features/<name>), not its internals.',
            },
          ],
        },
      ],
    },
  })),
  // The shared layers come first: they never import a feature or a route.
  {
    files: ['client/src/{api,components,content,lib}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^@/|\\.\\./)(features|routes)(/|$)',
              message: 'Shared code (api, components, content, lib) must not depend on features or routes.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly', __dirname: 'readonly', process: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['scripts/**/*.{mjs,cjs}', 'e2e/**/*.ts'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', fetch: 'readonly' },
    },
  },
  prettier,
);
