import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/server/db/schema.ts',
    './src/server/db/schema-results.ts',
    './src/server/db/schema-operations.ts',
    './src/server/db/schema-events.ts',
    './src/server/db/schema-data-rights.ts',
    './src/server/db/schema-security.ts',
    './src/server/db/schema-start-lists.ts',
    './src/server/db/schema-waiting-list.ts',
  ],
  out: './src/server/db/migrations',
});
