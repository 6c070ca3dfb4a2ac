import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { PRIVATE_FILE } from '../data-dir.ts';

/** Another live process holds the embedded database's folder. */
export class DataDirLockedError extends Error {
  readonly pid: number;
  /** The lock file: what to remove when the process named is not a server after all. */
  readonly lockPath: string;
  constructor(pid: number, lockPath: string) {
    super(`The embedded database is in use by process ${pid} (lock ${lockPath}).`);
    this.name = 'DataDirLockedError';
    this.pid = pid;
    this.lockPath = lockPath;
  }
}

/** Where Linux describes processes; a test points it elsewhere to play a system without it. */
export interface LockOptions {
  proc?: string;
}

/** Linux counts a process's start in clock ticks since boot: 100 a second (USER_HZ) on every
 * architecture Node runs on. */
const TICKS_PER_SECOND = 100;
/** /proc/stat's boot time is in whole seconds, and a file's time may be rounded: an old-format
 * lock counts as older than its process only by more than this. */
const CLOCK_SLACK_MS = 2000;

/** Who a process is beyond its id, which the system gives again to another process after it ends
 * (or after a reboot): the boot and the moment in it the process started. Null without /proc. */
export interface ProcessIdentity {
  bootId: string;
  startTicks: string;
}

export function processIdentity(pid: number, proc = '/proc'): ProcessIdentity | null {
  try {
    const bootId = readFileSync(`${proc}/sys/kernel/random/boot_id`, 'utf8').trim();
    const stat = readFileSync(`${proc}/${pid}/stat`, 'utf8');
    // "pid (command) state …": the command may hold spaces and parentheses; field 22 is starttime
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTicks = fields[19];
    if (!bootId || !startTicks || !/^\d+$/.test(startTicks)) return null;
    return { bootId, startTicks };
  } catch {
    return null;
  }
}

/** When a process started (ms since the epoch), from the boot time and its start in ticks. */
function startedAt(identity: ProcessIdentity, proc: string): number | null {
  try {
    const btime = /^btime (\d+)$/m.exec(readFileSync(`${proc}/stat`, 'utf8'))?.[1];
    if (!btime) return null;
    return Number(btime) * 1000 + (Number(identity.startTicks) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Whether a process is running (signal 0 checks without sending anything). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/** A lock file's content: `pid` (the previous version's), or `pid`, boot id and start ticks on
 * three lines. */
function parseLock(text: string): { pid: number; identity: ProcessIdentity | null } {
  const [pid = '', bootId, startTicks] = text.trim().split('\n');
  return {
    pid: Number(pid.trim()),
    identity: bootId && startTicks ? { bootId: bootId.trim(), startTicks: startTicks.trim() } : null,
  };
}

/**
 * Whether the process a lock names still holds it: alive, and the same process that wrote it —
 * not another one given the same id since (after a reboot, or a server killed long ago). A lock
 * of this version names the boot and the start; one of the previous version (the id alone) is
 * stale when its process started after the file was written. Without /proc, a live id holds it.
 */
function isHeld(path: string, owner: number, recorded: ProcessIdentity | null, proc: string): boolean {
  if (!isAlive(owner)) return false;
  const now = processIdentity(owner, proc);
  if (!now) return true;
  if (recorded) return recorded.bootId === now.bootId && recorded.startTicks === now.startTicks;
  const started = startedAt(now, proc);
  if (started === null) return true;
  try {
    return started <= statSync(path).mtimeMs + CLOCK_SLACK_MS;
  } catch {
    return false;
  }
}

/**
 * One process at a time on an embedded database: two PGlite instances on one folder each write
 * their own files, and the first one's writes are lost. The lock is a file beside the folder
 * (`<folder>.lock`, outside PGlite's own files) holding the owner's id, boot and start time, made
 * with an exclusive create so two starting at once cannot both take it. A lock whose process is
 * gone (killed with SIGKILL, a crash), or whose id another process now has (a power cut, then a
 * reboot), is taken over; one held by a live server refuses with DataDirLockedError. Returns the
 * release, also run at exit. (docs/decisions/0027-faults.md)
 */
export function lockDataDir(dataDir: string, options: LockOptions = {}): () => void {
  const proc = options.proc ?? '/proc';
  const path = `${dataDir.replace(/[\\/]+$/, '')}.lock`;
  const me = processIdentity(process.pid, proc);
  const mine = me ? `${process.pid}\n${me.bootId}\n${me.startTicks}\n` : String(process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // the owner's only, whatever the umask (data-dir.ts)
      const fd = openSync(path, 'wx', PRIVATE_FILE);
      try {
        writeSync(fd, mine);
      } finally {
        closeSync(fd);
      }
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.removeListener('exit', release);
        try {
          if (readFileSync(path, 'utf8') === mine) rmSync(path, { force: true });
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
      let lock: ReturnType<typeof parseLock> | null = null;
      try {
        lock = parseLock(readFileSync(path, 'utf8'));
      } catch {
        // removed meanwhile: try again
      }
      if (
        lock &&
        Number.isInteger(lock.pid) &&
        lock.pid > 0 &&
        lock.pid !== process.pid &&
        isHeld(path, lock.pid, lock.identity, proc)
      ) {
        throw new DataDirLockedError(lock.pid, path);
      }
      // left by a process that is gone, by one whose id is now another's, or by this one: take it over
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${path}.`);
}
