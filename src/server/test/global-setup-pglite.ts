import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string;
  }
}

/** Migrates one in-memory PGlite once and dumps it; every API test file loads the dump. */
export default async function setup(project: TestProject): Promise<void> {
  const path = join(tmpdir(), `piste-pglite-snapshot-${process.pid}.tar.gz`);
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(database);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('gzip');
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', path);
  project.provide('pgTemplate', '');
}
