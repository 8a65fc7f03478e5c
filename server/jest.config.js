/**
 * Two projects: unit specs beside the code, and integration specs over HTTP against
 * a real database (SQLite by default, MySQL/MariaDB when TEST_DATABASE_URL is set).
 */
const transform = {
  '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
  // content-disposition 1.x (under @fastify/static 10) ships ESM only: Node 20 loads it, Jest needs it transpiled.
  '^.+/content-disposition/.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs' } }],
};
const transformIgnorePatterns = ['/node_modules/(?!content-disposition/)'];
// The shared date helpers from source, so tests need no prior build of libs/dates.
const moduleNameMapper = { '^@pilates/dates$': '<rootDir>/../libs/dates/src/index.ts' };

/** @type {import('jest').Config} */
module.exports = {
  maxWorkers: 2,
  // A global option (ignored inside `projects`): HTTP tests on a busy 2-core machine need room.
  testTimeout: 60000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      rootDir: __dirname,
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
      transform,
      transformIgnorePatterns,
      moduleNameMapper,
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/**/*.int-spec.ts'],
      transform,
      transformIgnorePatterns,
      moduleNameMapper,
    },
  ],
};
