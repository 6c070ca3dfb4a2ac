/**
 * A PostgreSQL cluster of the test's own (issue 25, "Faults"): made with initdb in a temporary
 * folder and run by the postgres user on a spare port, so a test may stop and restart it under
 * the app — never the shared server the other tests use. Needs root (to act as postgres through
 * `runuser`) and the server's binaries under /usr/lib/postgresql/<major>/bin; without them it fails
 * with a sentence saying what is missing.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PrivatePostgres {
  /** A connection string for a database on it, `postgres` by default. */
  url(database?: string): string;
  start(): Promise<void>;
  /** pg_ctl stop -m fast: connections are ended, the server goes down. */
  stop(): Promise<void>;
  /** pg_ctl restart -m fast. */
  restart(): Promise<void>;
  /** Stops it at once (if running) and removes its folder. */
  destroy(): void;
}

const PREFIX = 'piste-pgtest-faults-';

/** The newest server binaries installed, or a clear failure. */
function binaries(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((d) => existsSync(join(root, d, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!majors[0]) throw new Error(`No PostgreSQL server binaries (initdb) under ${root}: install postgresql.`);
  if (spawnSync('runuser', ['--help']).error)
    throw new Error('runuser is missing: it is needed to run a private PostgreSQL cluster as the postgres user.');
  return join(root, majors[0], 'bin');
}

/** Runs a server program as the postgres user, without blocking the test's own requests. */
async function asPostgres(bin: string, args: string[]): Promise<void> {
  try {
    await run('runuser', ['-u', 'postgres', '--', bin, ...args], { timeout: 60_000 });
  } catch (error) {
    const { stderr = '', message } = error as { stderr?: string; message: string };
    throw new Error(`${bin} ${args.join(' ')} failed: ${message}${stderr}`);
  }
}

/** Clusters a killed test run left behind (this prefix only): stopped and removed. */
function removeLeftovers(pgCtl: string): void {
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith(PREFIX))) {
    const dir = join(tmpdir(), name);
    if (existsSync(join(dir, 'data', 'postmaster.pid'))) {
      spawnSync('runuser', ['-u', 'postgres', '--', pgCtl, '-D', join(dir, 'data'), 'stop', '-m', 'immediate']);
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Makes a cluster (trust authentication, only on 127.0.0.1 and a socket in its folder) on `port`
 * and starts it. It is stopped and removed at exit if the test did not. */
export async function startPrivatePostgres(port: number): Promise<PrivatePostgres> {
  const bin = binaries();
  const pgCtl = join(bin, 'pg_ctl');
  removeLeftovers(pgCtl);
  const dir = mkdtempSync(join(tmpdir(), PREFIX));
  spawnSync('chown', ['postgres', dir]);
  const data = join(dir, 'data');
  await asPostgres(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctl = (...args: string[]) => asPostgres(pgCtl, ['-D', data, '-l', join(dir, 'log'), '-w', ...args]);
  let running = false;
  const destroy = () => {
    process.removeListener('exit', destroy);
    if (running) spawnSync('runuser', ['-u', 'postgres', '--', pgCtl, '-D', data, 'stop', '-m', 'immediate']);
    running = false;
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', destroy);
  const cluster: PrivatePostgres = {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      running = true;
      await ctl('-o', options, 'start');
    },
    async stop() {
      await ctl('stop', '-m', 'fast');
      running = false;
    },
    async restart() {
      await ctl('-o', options, 'restart', '-m', 'fast');
    },
    destroy,
  };
  await cluster.start();
  return cluster;
}
