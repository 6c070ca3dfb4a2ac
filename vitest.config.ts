import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const apiFiles = ['src/server/**/*.test.ts'];
/** Tests that need a PostgreSQL server several processes share (e.g. concurrent starts): the
 * api-postgres project runs them, the embedded database has nothing to offer them. */
const postgresOnlyFiles = ['src/server/**/*.postgres.test.ts'];
/** Tests of a server on the embedded database whatever the project (a process of its own, or an
 * in-memory database): the api-pglite project runs them once, api-postgres leaves them out. */
const pgliteOnlyFiles = ['src/server/**/*.pglite.test.ts'];

export default defineConfig({
  test: {
    // a worker per core, and two on a 2-core machine (Vitest's default leaves one core free, so one
    // worker there): the API files wait on their database as much as they compute, and each has its
    // own (a PGlite instance, or a clone of the template on PostgreSQL). On this 2-core machine two
    // workers took the API suite from 447 s to about 300 s (docs/decisions/0025).
    maxWorkers: Math.max(2, availableParallelism()),
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
          exclude: [...configDefaults.exclude, ...pgliteOnlyFiles],
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
