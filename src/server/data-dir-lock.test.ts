/**
 * Issue 24: a second server started on the same embedded database used to start too, and the
 * first one's writes were lost. Now it stops at once with one line naming DATA_DIR; a lock left
 * by a killed server (SIGKILL: nothing of it runs) never blocks the next start. Real processes.
 * Issue 36: a lock whose process id another live process has now (a power cut, then a reboot)
 * is taken over, in the previous version's format (the id alone) and in this one's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './db/client.ts';
import { dataDirInUse } from './start.ts';
import { type ServerProcess, startServer } from './test/processes.ts';

const running: ServerProcess[] = [];
const folders: string[] = [];
const others: ChildProcess[] = [];

afterEach(async () => {
  for (const other of others.splice(0)) other.kill('SIGKILL');
  await Promise.all(running.splice(0).map((s) => s.stop()));
  await Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true })));
});

/** A live process that is not a server: what a reused id belongs to after a reboot. */
async function unrelatedProcess(): Promise<number> {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  others.push(child);
  await once(child, 'spawn');
  return child.pid as number;
}

/** The boot id and the start (field 22 of /proc/<pid>/stat) of a process. */
function identity(pid: number): { bootId: string; startTicks: string } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return {
    bootId: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
    startTicks: stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] as string,
  };
}

/** The previous version's lock (the id alone), written an hour ago: before the reboot. */
function writeOldLock(lock: string, pid: number): void {
  writeFileSync(lock, String(pid));
  const anHourAgo = new Date(Date.now() - 3600_000);
  utimesSync(lock, anHourAgo, anHourAgo);
}

async function folder(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'piste-lock-'));
  folders.push(dataDir);
  return dataDir;
}

const hasProc = existsSync('/proc/self/stat') && existsSync('/proc/sys/kernel/random/boot_id');

describe.skipIf(!hasProc)('a lock whose process id now belongs to another live process', () => {
  it("is taken over: the previous version's format (the id alone, written before the process started)", async () => {
    const db = join(await folder(), 'pglite');
    const pid = await unrelatedProcess();
    writeOldLock(`${db}.lock`, pid);
    const release = lockDataDir(db);
    expect(readFileSync(`${db}.lock`, 'utf8').split('\n')[0]).toBe(String(process.pid));
    release();
    expect(existsSync(`${db}.lock`)).toBe(false);
  });

  it('is taken over: this format, with another start time or another boot', async () => {
    const db = join(await folder(), 'pglite');
    const pid = await unrelatedProcess();
    const { bootId, startTicks } = identity(pid);
    for (const content of [
      `${pid}\n${bootId}\n${Number(startTicks) - 500}\n`,
      `${pid}\nan-earlier-boot\n${startTicks}\n`,
    ]) {
      writeFileSync(`${db}.lock`, content);
      lockDataDir(db)();
    }
  });

  it('still refuses a lock its live process wrote, in either format', async () => {
    const db = join(await folder(), 'pglite');
    const pid = await unrelatedProcess();
    const { bootId, startTicks } = identity(pid);
    writeFileSync(`${db}.lock`, `${pid}\n${bootId}\n${startTicks}\n`);
    expect(() => lockDataDir(db)).toThrow(DataDirLockedError);
    writeFileSync(`${db}.lock`, String(pid));
    expect(() => lockDataDir(db)).toThrow(DataDirLockedError);
  });

  it('without /proc, a live id still holds it (the previous behaviour)', async () => {
    const db = join(await folder(), 'pglite');
    writeOldLock(`${db}.lock`, await unrelatedProcess());
    expect(() => lockDataDir(db, { proc: join(db, 'no-proc') })).toThrow(DataDirLockedError);
  });

  it('a server starts on a DATA_DIR whose lock names a live unrelated process', async () => {
    const dataDir = await folder();
    writeOldLock(join(dataDir, 'pglite.lock'), await unrelatedProcess());
    const server = start(dataDir);
    expect((await fetch(`${await server.ready}/api/v1/version/`)).status).toBe(200);
  }, 120_000);
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
    expect(second.output().trim()).toBe(dataDirInUse(dataDir, first.child.pid as number, lock));
    expect(second.output()).toContain(`ps -p ${first.child.pid} -o pid,lstart,cmd`);
    expect(second.output()).toContain(`remove ${lock}`);
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
