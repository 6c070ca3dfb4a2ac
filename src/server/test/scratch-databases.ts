/** Empty PostgreSQL databases on the test server for tests that start the server as its own
 * process (it migrates them itself, as on a first deployment); each named by its test. */
import { databaseUrl, withClient } from './databases.ts';

/** Runs work on a connection to the test server's maintenance database. */
export const onTestServer = withClient;

/** Makes a new, empty database `name` (dropped first if a killed run left it); returns its URL. */
export async function createEmptyDatabase(name: string): Promise<string> {
  await onTestServer(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  return databaseUrl(name);
}

export async function dropDatabase(name: string): Promise<void> {
  await onTestServer((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
