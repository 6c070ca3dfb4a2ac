/**
 * Everything the site writes under DATA_DIR on the embedded database is its owner's only, whatever
 * the umask: PGlite's NODEFS makes its files 0666 itself, so the folders are the guarantee (0700)
 * and the files the site makes are 0600. Real processes, started with umask 000 on a DATA_DIR that
 * exists but is open to others (0755): `npm run create-admin` making the database, the server
 * adding files of its own and storing an administrator's uploads (a photo with its original, a
 * document), a backup into DATA_DIR through `npm run backup`; then every folder and file under
 * DATA_DIR is checked while the server runs (its lock and its command socket) and after it stopped.
 */
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  backup,
  databaseFiles,
  expectOwnerOnly,
  openDataDir,
  removeDataDirs,
  script,
  upload,
  walk,
  withUmask000,
} from './test/data-dir-modes.ts';
import { type ServerProcess, startServer } from './test/processes.ts';

const running: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
  await removeDataDirs();
});

describe('DATA_DIR on the embedded database, started with umask 000', () => {
  it('every folder is 0700 and every file the site makes 0600, while it runs and after it stopped', async () => {
    const dataDir = await openDataDir();
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false' };
    // the first administrator (npm run create-admin): makes and migrates the database
    const made = await script('create-admin', ['permadmin', 'perm.admin@example.com', 'Perm', 'Admin'], env);
    const password = /shown only this once\): (\S+)/.exec(made)?.[1] as string;
    const before = await databaseFiles(dataDir);
    const server = startServer(env, 90_000, { command: withUmask000([process.execPath, 'src/server/main.ts']) });
    running.push(server);
    const base = await server.ready;
    await upload(base, 'permadmin', password);
    const archive = await backup(env, join(dataDir, 'backups'));
    expect(relative(dataDir, archive)).toMatch(/^backups\//);

    const whileRunning = await walk(dataDir);
    // what the check covers: the database (with files the server made), uploads, the lock, the
    // command socket, the backup
    const paths = whileRunning.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['pglite', 'pglite.lock', 'uploads', 'run', 'run/command.sock']));
    expect([...(await databaseFiles(dataDir))].filter((p) => !before.has(p)).length).toBeGreaterThan(0);
    expect(paths.filter((p) => p.startsWith('uploads/')).length).toBe(3);
    expectOwnerOnly(whileRunning, 'while the server runs');

    await server.stop();
    expectOwnerOnly(await walk(dataDir), 'after the server stopped');
  }, 180_000);
});
