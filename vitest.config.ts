import { configDefaults, defineConfig } from 'vitest/config';

const apiFiles = ['src/server/**/*.test.ts'];
/** Tests that need a PostgreSQL server several processes share (e.g. concurrent starts): the
 * api-postgres project runs them, the embedded database has nothing to offer them. */
const postgresOnlyFiles = ['src/server/**/*.postgres.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'src/web/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiFiles,
          exclude: [...configDefaults.exclude, ...postgresOnlyFiles],
          env: { TEST_DB: 'pglite' },
          // files share a worker's module cache: the app's modules are imported once per worker,
          // not once per file (each file still builds its own app and database)
          isolate: false,
          globalSetup: ['src/server/test/global-setup-pglite.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiFiles,
          env: { TEST_DB: 'postgres' },
          isolate: false,
          globalSetup: ['src/server/test/global-setup-postgres.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
