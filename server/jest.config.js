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

/** @type {import('jest').Config} */
module.exports = {
  maxWorkers: 2,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      rootDir: __dirname,
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/**/*.int-spec.ts'],
      transform,
      transformIgnorePatterns,
      testTimeout: 60000,
    },
  ],
};
