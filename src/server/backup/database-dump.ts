import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { rowsOf } from './manifest.ts';

/**
 * The database's part of a backup. PGlite: its data folder as `dumpDataDir()` makes it (a gzip
 * tar), taken while no transaction is open. PostgreSQL: `pg_dump -Fc` of the server's own major
 * version (an older pg_dump refuses a newer server; a newer one writes archives an older
 * pg_restore cannot read), and `pg_restore` of the target server's version.
 */

interface PgliteLike {
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
  exec(query: string): Promise<unknown>;
  dumpDataDir(compression: 'gzip'): Promise<Blob>;
}

/** The PGlite client behind Drizzle (its methods bound to the client: db/pglite-client.ts). */
function pgliteOf(db: Db): PgliteLike {
  return (db as unknown as { $client: PgliteLike }).$client;
}

/**
 * PGlite's data folder as a gzip tar. It waits for the transaction in progress to end and holds
 * new ones off meanwhile (a statement outside a transaction runs whole, before or after), after a
 * checkpoint, so the copy needs little recovery when it is loaded.
 */
export async function dumpPglite(db: Db): Promise<Blob> {
  const client = pgliteOf(db);
  // PGlite's exec and query hold its transaction lock themselves: the checkpoint goes first
  await client.exec('CHECKPOINT');
  return client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
}

export type PgTool = 'pg_dump' | 'pg_restore';

/** Where Debian's packages put each major version's tools. */
export function pgToolPath(tool: PgTool, major: number): string {
  return `/usr/lib/postgresql/${major}/bin/${tool}`;
}

/** The server's major version (15 for 15.20). */
export async function serverMajor(db: Db): Promise<number> {
  const [row] = await rowsOf<{ server_version_num: string }>(db, sql`SHOW server_version_num`);
  return Math.floor(Number(row?.server_version_num) / 10_000);
}

/** The tool of the server's major version, or a refusal naming the package to install. */
export function pgTool(tool: PgTool, major: number, exists: (path: string) => boolean = existsSync): string {
  const path = pgToolPath(tool, major);
  if (!exists(path)) {
    throw new AppError(
      'NOT_CONFIGURED',
      `${tool} for PostgreSQL ${major} is not installed (looked for ${path}): install the package postgresql-client-${major} (apt install postgresql-client-${major}), then run this again.`,
    );
  }
  return path;
}

/** The connection string without its password, and the password for PGPASSWORD: a password on
 * the command line would show in every user's process list. */
export function connectionForTool(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs pg_dump or pg_restore; a failure is its first line of complaint (never the password). */
export function runPgTool(path: string, args: string[], url: string): Promise<void> {
  const { dbname, env } = connectionForTool(url);
  return new Promise((resolve, reject) => {
    const child = spawn(path, [...args, `--dbname=${dbname}`], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 10_000) stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const line = stderr.split('\n').find((l) => l.trim()) ?? `exit code ${code}`;
      const tool = path.split('/').pop();
      reject(new AppError('INTERNAL', `${tool} failed: ${line.replace(/^(pg_dump|pg_restore): /, '').trim()}`));
    });
  });
}

/** `pg_dump -Fc` of the database into `file`. */
export async function dumpPostgres(db: Db, url: string, file: string): Promise<number> {
  const major = await serverMajor(db);
  await runPgTool(pgTool('pg_dump', major), ['--format=custom', `--file=${file}`], url);
  return major;
}

/** Restores a `pg_dump -Fc` archive into an empty database, all or nothing (one transaction). */
export async function restorePostgres(db: Db, url: string, file: string): Promise<void> {
  const major = await serverMajor(db);
  await runPgTool(
    pgTool('pg_restore', major),
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file],
    url,
  );
}
