/**
 * Issue 24: a second server started on the same embedded database used to start too, and the
 * first one's writes were lost. Now it stops at once with one line naming DATA_DIR; a lock left
 * by a killed server (SIGKILL: nothing of it runs) never blocks the next start. Real processes.
 */
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataDirInUse } from './start.ts';
import { type ServerProcess, startServer } from './test/processes.ts';

const running: ServerProcess[] = [];
const folders: string[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
  await Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true })));
});

function start(dataDir: string): ServerProcess {
  const server = startServer({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
  running.push(server);
  return server;
}

describe('one server per embedded database', () => {
  it('a second server on the same DATA_DIR stops with one clear line; after SIGKILL the next start works', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'piste-lock-'));
    folders.push(dataDir);
    const first = start(dataDir);
    await first.ready;
    const lock = join(dataDir, 'pglite.lock');
    expect(existsSync(lock)).toBe(true);

    const second = start(dataDir);
    const [code] = (await once(second.child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(second.output().trim()).toBe(dataDirInUse(dataDir, first.child.pid as number));
    // the first still answers
    expect((await fetch(`${await first.ready}/api/v1/version/`)).status).toBe(200);

    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    expect(existsSync(lock)).toBe(true);
    const third = start(dataDir);
    const base = await third.ready;
    expect((await fetch(`${base}/api/v1/version/`)).status).toBe(200);

    // a clean stop removes the lock
    await third.stop();
    expect(existsSync(lock)).toBe(false);
  }, 120_000);
});
