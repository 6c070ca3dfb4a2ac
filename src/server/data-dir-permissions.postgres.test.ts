/**
 * On PostgreSQL the server keeps nothing in DATA_DIR (uploads are in the database): started with
 * umask 000 on a DATA_DIR open to others, it tightens the folder, and a backup written there is the
 * owner's only.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabases } from './test/backup-sites.ts';
import { backup, expectOwnerOnly, openDataDir, removeDataDirs, walk, withUmask000 } from './test/data-dir-modes.ts';
import { type ServerProcess, startServer } from './test/processes.ts';

const databases: string[] = [];
const running: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
  await removeDataDirs();
  await dropDatabases(databases);
});

describe('DATA_DIR on PostgreSQL, started with umask 000', () => {
  it('the server keeps nothing there and makes the folder 0700; a backup written there is 0600 in a 0700 folder', async () => {
    const dataDir = await openDataDir();
    const name = `piste_perms_${process.pid}`;
    databases.push(name);
    const env = { DATA_DIR: dataDir, DATABASE_URL: await createDatabase(name), LOG_LEVEL: 'warn', SEED_DEMO: 'false' };
    const server = startServer(env, 90_000, { command: withUmask000([process.execPath, 'src/server/main.ts']) });
    running.push(server);
    await server.ready;
    await backup(env, join(dataDir, 'backups'));
    await server.stop();
    const entries = await walk(dataDir);
    expect(entries.map((e) => e.path)).toEqual(['.', 'backups', expect.stringMatching(/^backups\/.+\.tar\.gz$/)]);
    expectOwnerOnly(entries, 'on PostgreSQL');
  }, 180_000);
});
