import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { MIGRATIONS_DIR } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { BACKEND_VERSION } from '../version/routes.ts';
import { NOT_AN_ARCHIVE } from './tar.ts';

/**
 * The manifest: the archive's last entry, saying what made it and listing every other entry with
 * its size and SHA-256, so that a restore checks the whole archive before writing anything.
 */
export const MANIFEST_NAME = 'manifest.json';
export const FORMAT = 'piste-backup';
export const FORMAT_VERSION = 1;

/** The database's entry: PGlite's data folder (`dumpDataDir`) or PostgreSQL's `pg_dump -Fc`. */
export const DATABASE_ENTRY = {
  pglite: 'database/pglite-datadir.tar.gz',
  postgresql: 'database/postgresql.pgdump',
} as const;

export const UPLOADS_PREFIX = 'uploads/';
/** An uploaded file's name as the archive may carry it: a plain name, never a path. */
export const UPLOAD_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,90}$/;

export type DatabaseKind = keyof typeof DATABASE_ENTRY;

const ManifestFile = z.object({
  name: z
    .string()
    .refine(
      (name) =>
        Object.values(DATABASE_ENTRY).includes(name as never) ||
        (name.startsWith(UPLOADS_PREFIX) && UPLOAD_NAME.test(name.slice(UPLOADS_PREFIX.length))),
    ),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[a-f0-9]{64}$/),
});

export const Manifest = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int().min(1),
  app: z.object({ version: z.string(), commit: z.string().nullable() }),
  /** Migrations applied to the database when it was dumped. */
  migrations: z.number().int().min(0),
  database: z.object({
    kind: z.enum(['pglite', 'postgresql']),
    /** PostgreSQL's major version (the pg_dump used); null for PGlite. */
    serverMajor: z.number().int().nullable(),
  }),
  installationId: z.string().nullable(),
  createdAt: z.string(),
  /** The backups row this backup recorded (it is in the dump as 'running'; a restore finishes it). */
  backupId: z.number().int().nullable(),
  files: z.array(ManifestFile),
});
export type Manifest = z.infer<typeof Manifest>;
export type ManifestFile = z.infer<typeof ManifestFile>;

/** Reads a manifest's JSON; anything else is not an archive of ours. */
export function parseManifest(text: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', NOT_AN_ARCHIVE);
  }
  const parsed = Manifest.safeParse(value);
  if (!parsed.success) throw new AppError('BAD_REQUEST', NOT_AN_ARCHIVE);
  if (parsed.data.formatVersion > FORMAT_VERSION) {
    throw new AppError(
      'CONFLICT',
      `This archive is in backup format ${parsed.data.formatVersion}; this code reads format ${FORMAT_VERSION}: upgrade Piste first, then restore.`,
    );
  }
  return parsed.data;
}

/** How many migrations this code has (src/server/db/migrations/meta/_journal.json). */
export function codeMigrationCount(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** Rows of a query, whichever driver answered (pg gives `{ rows }`, PGlite's Drizzle an array). */
export async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
}

/** Whether a table exists in the public schema (a database older than this code may lack one). */
export async function tableExists(db: Db, name: string): Promise<boolean> {
  const rows = await rowsOf<{ found: string | null }>(db, sql`SELECT to_regclass(${`public.${name}`})::text AS found`);
  return Boolean(rows[0]?.found);
}

/** Migrations applied to a database (Drizzle's own table; none when it is missing). */
export async function databaseMigrationCount(db: Db): Promise<number> {
  const [row] = await rowsOf<{ found: string | null }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS found`,
  );
  if (!row?.found) return 0;
  const [counted] = await rowsOf<{ n: number | string }>(
    db,
    sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`,
  );
  return Number(counted?.n ?? 0);
}

/** The commit this code was checked out at, when it runs from a git working copy. */
export function codeCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: MIGRATIONS_DIR,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

export function appInfo(): Manifest['app'] {
  return { version: BACKEND_VERSION, commit: codeCommit() };
}
