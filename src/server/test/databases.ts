import pg from 'pg';

/** Where the API tests' databases come from. TEST_DB chooses the engine per Vitest project. */
export const TEST_DB = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/** The PostgreSQL server the API tests use; .ci/run and the README set it. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The URL of another database on the same server. */
export function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on a connection of its own to `url` (the test server's own database by default),
 * closed afterwards: what tests use to make, inspect and drop databases beside the app's pool. */
export async function withClient<T>(work: (client: pg.Client) => Promise<T>, url = TEST_DATABASE_URL): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
