import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A server running in a process of its own. */
export interface ServerProcess {
  url: string;
  /** The process id, to read its CPU time (cpuSeconds). */
  pid?: number | undefined;
  stop(): Promise<void>;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); 0 elsewhere. */
export async function cpuSeconds(pid: number): Promise<number> {
  try {
    const { readFile } = await import('node:fs/promises');
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name; in clock ticks (100/s)
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds the whole machine has been busy (every core, all but idle and iowait), from
 * /proc/stat; 0 elsewhere. */
export async function machineBusySeconds(): Promise<number> {
  try {
    const { readFile } = await import('node:fs/promises');
    const [cpu] = (await readFile('/proc/stat', 'utf8')).split('\n');
    const ticks = (cpu ?? '').split(/\s+/).slice(1).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return (ticks.reduce((a, b) => a + b, 0) - idle) / 100;
  } catch {
    return 0;
  }
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function stopper(child: ChildProcess, cleanup: () => Promise<void> = async () => {}) {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await cleanup();
  };
}

/** The C library's allocator settings production starts Node with: the Dockerfile's ENV and the
 * service unit's Environment= (scripts/start-command.test.ts keeps the three the same). At most two
 * malloc arenas, and every block of 32 KB or more mapped on its own and handed back when freed:
 * without them glibc kept what V8's compilers and the password hashing had used at their peak
 * (docs/decisions/0036-memory.md). */
export const ALLOCATOR_ENVIRONMENT = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768' } as const;

/** The arguments production gives Node: package.json's `serve` script (`node <flags> dist/server/main.js`),
 * which the Dockerfile and the service unit repeat; the bench runs exactly that. */
export function serveArguments(): string[] {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { serve: string } };
  const [node, ...args] = scripts.serve.trim().split(/\s+/);
  if (node !== 'node') throw new Error(`package.json's serve script does not start with node: ${scripts.serve}`);
  return args;
}

/**
 * The app as the README deploys it: `npm run serve`'s command in production mode with its default
 * logging (info, written to a file as a process manager would), on the embedded database in a
 * fresh folder, with the demo content. Its own process: the load generator never shares its loop.
 */
export async function startApp(
  port: number,
  options: { dataDir?: string; env?: Record<string, string>; startTimeoutMs?: number } = {},
): Promise<ServerProcess & { logFile: string }> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'piste-bench-')));
  const logFile = join(dataDir, 'app.log');
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, serveArguments(), {
    env: {
      ...process.env,
      ...ALLOCATOR_ENVIRONMENT,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'true',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // the bench signs in as the demo super administrator with a password alone (production
      // would send it to set up an authenticator first, docs/decisions/0062)
      TOTP_REQUIRED_FOR_SUPER: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child, () => rm(dataDir, { recursive: true, force: true }));
  try {
    await waitForHttp(`${url}/api/v1/version/`, child, options.startTimeoutMs);
  } catch (error) {
    // never leave a process behind that did not come up in time
    await stop();
    throw error;
  }
  return { url, logFile, pid: child.pid, stop };
}

/** The yardstick: a bare Fastify process answering each path with the bytes the app answered. */
export async function startBare(port: number, fixturesFile: string, withHeaders = false): Promise<ServerProcess> {
  const args = ['scripts/bench/bare-server.ts', fixturesFile, String(port), ...(withHeaders ? ['--with-headers'] : [])];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/__ready`, child);
  return { url, pid: child.pid, stop: stopper(child) };
}

/** A fresh, empty PostgreSQL database on the server of BENCH_DATABASE_URL (else TEST_DATABASE_URL),
 * dropped by `drop`. */
export async function freshPostgres(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const server =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
