import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { databaseUrl, TEST_DATABASE_URL } from './databases.ts';
import './global-setup-pglite.ts';

/** Migrates a template database once on the PostgreSQL server at TEST_DATABASE_URL; every API
 * test file clones it (CREATE DATABASE … TEMPLATE), so files run in parallel on their own data. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = `piste_test_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `The PostgreSQL API tests need a server at TEST_DATABASE_URL (${TEST_DATABASE_URL}): ${(error as Error).message}`,
    );
  }
  await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${template}`);
  const database = await openDatabase({ url: databaseUrl(template), poolSize: 1 });
  await migrateDatabase(database);
  await database.close();
  project.provide('pgTemplate', template);
  project.provide('pgliteSnapshot', '');
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}
