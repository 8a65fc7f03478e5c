import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    ignores: ['server/src/core/database/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
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
          ],
        },
      ],
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
      ],
    },
  },
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
      globals: { module: 'writable', require: 'readonly', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'e2e/**/*.ts'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', fetch: 'readonly' },
    },
  },
  prettier,
);
